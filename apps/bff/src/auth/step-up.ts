/**
 * Re-authentication before destructive actions (decision 022). A browser session carries the
 * `auth_time` of the ID token received at its sign-in (a refresh never changes it); it must be at
 * most STEP_UP_MAX_AGE_SECONDS old. Otherwise the procedure answers FORBIDDEN with
 * `data.reason: 'STEP_UP_REQUIRED'`, and the SPA sends the admin through
 * `/auth/login?stepUp=1&returnTo=…` (max_age=0, prompt=login) and back.
 *
 * Bearer tokens: a token with `auth_time` (a person's token) is held to the same window; a token
 * without one is a service account's (client credentials, authenticated with its secret at issue).
 */
import { auditRefusal } from '../audit/audited';
import type { ContextInner } from '../trpc/context';
import { ReasonedError } from '../trpc/errors';

export const STEP_UP_MESSAGE =
  'Bitte bestätige diese Aktion, indem du dich erneut anmeldest. Deine Eingaben bleiben erhalten.';
export const DEFAULT_STEP_UP_MAX_AGE_SECONDS = 300;
/** Clock skew allowed between the identity provider and the BFF. */
const SKEW_SECONDS = 60;

type StepUpContext = Pick<
  ContextInner,
  'principal' | 'stepUpMaxAgeSeconds' | 'now' | 'audit' | 'request' | 'log'
>;

export function hasRecentSignIn(
  ctx: Pick<StepUpContext, 'principal' | 'stepUpMaxAgeSeconds' | 'now'>,
): boolean {
  const principal = ctx.principal;
  if (!principal) return false;
  const authTime = principal.authTime;
  if (principal.via === 'bearer' && (authTime === null || authTime === undefined)) return true;
  if (typeof authTime !== 'number') return false;
  const nowSeconds = ctx.now() / 1000;
  const maxAge = ctx.stepUpMaxAgeSeconds ?? DEFAULT_STEP_UP_MAX_AGE_SECONDS;
  return nowSeconds - authTime <= maxAge && authTime <= nowSeconds + SKEW_SECONDS;
}

/** Throws the step-up error (and records the refusal) unless the caller signed in recently. */
export async function requireStepUp(
  ctx: StepUpContext,
  action: string,
  target?: { type: string; id: string | number | null },
): Promise<void> {
  if (hasRecentSignIn(ctx)) return;
  await auditRefusal(ctx, action, 'step-up-required', target);
  throw new ReasonedError('STEP_UP_REQUIRED', { code: 'FORBIDDEN', message: STEP_UP_MESSAGE });
}
