/**
 * A fixed-window counter per client address for the sign-in entry points: every /auth/login and
 * /auth/password stores a pending login for an hour (doc 1 §9), so an unauthenticated client must not
 * be able to grow the store without bound. Per instance; several instances each allow the limit.
 */
export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the caller may go on; counts the attempt. */
  allow(key: string): boolean {
    const now = this.now();
    if (this.#windows.size > 10_000) this.#sweep(now);
    const window = this.#windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      this.#windows.set(key, { start: now, count: 1 });
      return true;
    }
    window.count++;
    return window.count <= this.limit;
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows)
      if (now - window.start >= this.windowMs) this.#windows.delete(key);
  }
}

/** The limiter's key for a client address: IPv6 clients by their /64 network (one host has many). */
export function clientKey(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip;
  const [head = ''] = ip.split('::');
  const groups = head.split(':').filter(Boolean);
  if (ip.includes('::') && groups.length < 4) return `${groups.join(':')}::/64`;
  return `${ip.split(':').slice(0, 4).join(':')}::/64`;
}
