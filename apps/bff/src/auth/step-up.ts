/**
 * Re-authentication before destructive actions (decisions 022, 053). A browser session carries the
 * `auth_time` of the ID token received at its sign-in (a refresh never changes it); a person's bearer
 * token carries its own. Deny by default: the sign-in counts as recent only when `auth_time` is a
 * number, not in the future (beyond a small clock tolerance) and at most STEP_UP_MAX_AGE_SECONDS old.
 * A session or token without `auth_time` is not recent. Otherwise the procedure answers FORBIDDEN
 * with `data.reason: 'STEP_UP_REQUIRED'`, and the SPA sends the admin through
 * `/auth/login?stepUp=1&returnTo=…` (max_age=0, prompt=login) and back.
 *
 * Machine clients have no person to re-authenticate: they are refused (`MACHINE_CLIENT`).
 */
import { ERROR_MESSAGES } from '@nova/domain';
import { auditRefusal, type AuditContext } from '../audit/audited';
import { ReasonedError } from '../kinds/errors';

export const STEP_UP_MESSAGE =
  'Bitte bestätige diese Aktion, indem du dich erneut anmeldest. Deine Eingaben bleiben erhalten.';
export const DEFAULT_STEP_UP_MAX_AGE_SECONDS = 300;
/** Clock difference tolerated between the identity provider and the BFF for a future `auth_time`. */
const SKEW_SECONDS = 30;

/** What a step-up check needs of the procedure's context (trpc/context.ts). */
export interface StepUpContext extends Pick<AuditContext, 'principal' | 'audit' | 'request' | 'log'> {
  /** Destructive actions need a sign-in at most this old (STEP_UP_MAX_AGE_SECONDS). */
  stepUpMaxAgeSeconds?: number;
  now: () => number;
}

export function hasRecentSignIn(
  ctx: Pick<StepUpContext, 'principal' | 'stepUpMaxAgeSeconds' | 'now'>,
): boolean {
  const principal = ctx.principal;
  if (!principal || principal.machine === true) return false;
  const authTime = principal.authTime;
  if (typeof authTime !== 'number' || !Number.isFinite(authTime)) return false;
  const nowSeconds = ctx.now() / 1000;
  const maxAge = ctx.stepUpMaxAgeSeconds ?? DEFAULT_STEP_UP_MAX_AGE_SECONDS;
  return authTime <= nowSeconds + SKEW_SECONDS && nowSeconds - authTime <= maxAge;
}

/** Throws the step-up error (and records the refusal) unless the caller signed in recently. */
export async function requireStepUp(
  ctx: StepUpContext,
  action: string,
  target?: { type: string; id: string | number | null },
): Promise<void> {
  if (hasRecentSignIn(ctx)) return;
  if (ctx.principal?.machine === true) {
    await auditRefusal(ctx, action, 'machine-client', target);
    throw new ReasonedError('MACHINE_CLIENT', { code: 'FORBIDDEN', message: ERROR_MESSAGES.FORBIDDEN });
  }
  await auditRefusal(ctx, action, 'step-up-required', target);
  throw new ReasonedError('STEP_UP_REQUIRED', { code: 'FORBIDDEN', message: STEP_UP_MESSAGE });
}
