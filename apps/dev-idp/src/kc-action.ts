/**
 * Keycloak's application-initiated action `kc_action=UPDATE_PASSWORD`: an extra prompt after login,
 * and `kc_action_status=success|cancelled` added to the authorization response, as the BFF's
 * /auth/password expects (architecture §5).
 */
import type { InteractionResults, KoaContextWithOIDC, interactionPolicy } from 'oidc-provider';

import type { OidcModule } from './oidc-module';

export const KC_ACTION_PARAM = 'kc_action';
export const UPDATE_PASSWORD = 'UPDATE_PASSWORD';
export const UPDATE_PASSWORD_PROMPT = 'update_password';

export type KcActionStatus = 'success' | 'cancelled';

/** What the update-password page hands to `interactionFinished`. */
export function kcActionResult(status: KcActionStatus): InteractionResults {
  return { kc_action: { name: UPDATE_PASSWORD, status } };
}

export function kcActionStatusOf(result: InteractionResults | undefined): KcActionStatus | undefined {
  const value: unknown = result?.kc_action;
  if (typeof value !== 'object' || value === null || !('status' in value)) return undefined;
  const status: unknown = value.status;
  return status === 'success' || status === 'cancelled' ? status : undefined;
}

/** `extraParams` entry: accept the parameter, and only the one action this stand-in knows. */
export function kcActionValidator(oidc: OidcModule) {
  return (_ctx: KoaContextWithOIDC, value: string | undefined): void => {
    if (value !== undefined && value !== UPDATE_PASSWORD) {
      throw new oidc.errors.InvalidRequest(`unsupported kc_action ${value}`);
    }
  };
}

/** Runs after login: asks for the new password until this authorization request has an answer. */
export function updatePasswordPrompt(oidc: OidcModule): interactionPolicy.Prompt {
  const { Prompt, Check } = oidc.interactionPolicy;
  return new Prompt(
    { name: UPDATE_PASSWORD_PROMPT, requestable: false },
    new Check(
      'kc_action_update_password',
      'the application requested the UPDATE_PASSWORD action',
      'interaction_required',
      (ctx) =>
        ctx.oidc.params?.[KC_ACTION_PARAM] === UPDATE_PASSWORD &&
        kcActionStatusOf(ctx.oidc.result) === undefined,
    ),
  );
}

type OidcContext = KoaContextWithOIDC['oidc'];
export type Next = () => Promise<unknown>;

/** `ctx.oidc` exists only on routes oidc-provider matched, whatever its type says. */
export function oidcOf(ctx: KoaContextWithOIDC): OidcContext | undefined {
  const oidc: OidcContext | undefined = Reflect.get(ctx, 'oidc');
  return oidc;
}

function sameEndpoint(location: URL, redirectUri: string): boolean {
  const target = URL.parse(redirectUri);
  return target !== null && location.origin === target.origin && location.pathname === target.pathname;
}

/**
 * Post-middleware of the `resume` route: oidc-provider has no hook for extra authorization
 * response parameters, so the redirect it built to the client's redirect URI gets
 * `kc_action_status` appended (query or fragment, matching the response mode).
 */
export async function appendKcActionStatus(ctx: KoaContextWithOIDC, next: Next): Promise<void> {
  await next();
  const oidc = oidcOf(ctx);
  if (oidc?.route !== 'resume') return;
  const status = kcActionStatusOf(oidc.result);
  const redirectUri = oidc.params?.redirect_uri;
  const location = URL.parse(ctx.response.get('Location'));
  if (!status || typeof redirectUri !== 'string' || !location || !sameEndpoint(location, redirectUri)) return;

  if (oidc.params?.response_mode === 'fragment') {
    const fragment = new URLSearchParams(location.hash.slice(1));
    fragment.set('kc_action_status', status);
    location.hash = fragment.toString();
  } else {
    location.searchParams.set('kc_action_status', status);
  }
  ctx.set('Location', location.href);
}
