/** Specification §3.7: a coupon is "Verfügbar" once now is past its time (epoch ms), else "Nicht verfügbar". */
export const COUPON_STATUS = { available: 'Verfügbar', unavailable: 'Nicht verfügbar' } as const;

export function isCouponAvailable(timeMs: number, nowMs: number): boolean {
  return nowMs > timeMs;
}

export function couponStatus(timeMs: number, nowMs: number): string {
  return isCouponAvailable(timeMs, nowMs) ? COUPON_STATUS.available : COUPON_STATUS.unavailable;
}
