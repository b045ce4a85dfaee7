/** Calls of the REST door `/api/v1` (decision 080) in tests: bearer tokens and requests through inject. */
import { TEST_CLIENT_ID as CLIENT_ID, type TestBff } from './test-bff';

/** An RFC 9457 answer as the REST door writes it. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: { pointer?: string; parameter?: string; detail: string }[];
  reason?: string;
  scope?: string;
  current?: Record<string, unknown> | null;
  changedBy?: { name: string | null; at: string } | null;
}

export function restClient(bff: TestBff, defaults: { machineRoles: readonly string[] }) {
  /** The integrator's service account (client credentials) with these scopes and roles. */
  const machine = (scopes: string[], roles: readonly string[] = defaults.machineRoles) =>
    bff.issuer.sign(
      {
        sub: 'service-account-integrator',
        preferred_username: 'service-account-integrator',
        azp: 'integrator',
        aud: CLIENT_ID,
        typ: 'Bearer',
        resource_access: { [CLIENT_ID]: { roles: [...roles] } },
        scope: ['profile', 'email', ...scopes].join(' '),
      },
      { expiresIn: '5m' },
    );
  /** A person's own token (the BFF's client, signed in now). */
  const person = (who: { sub: string; username: string; roles: readonly string[] }) =>
    bff.issuer.sign(
      {
        sub: who.sub,
        preferred_username: who.username,
        azp: CLIENT_ID,
        aud: CLIENT_ID,
        typ: 'Bearer',
        auth_time: Math.floor(Date.now() / 1000),
        resource_access: { [CLIENT_ID]: { roles: [...who.roles] } },
      },
      { expiresIn: '5m' },
    );
  const request = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { token?: string; headers?: Record<string, string>; body?: unknown } = {},
  ) =>
    bff.app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
    });
  return { machine, person, request };
}
