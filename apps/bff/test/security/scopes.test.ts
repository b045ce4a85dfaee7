/**
 * Machine clients get rights by OAuth scope (decision 081): every procedure the policy grants
 * machines needs its scope, named in the 403; the same token with the scope passes the policy. The
 * expectations are written by hand, not read from the policy table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES_OF } from '../access-table';
import { call, CLIENT_ID, startTarget, type Target } from './fixture';

const EVERY_SCOPE = [
  'nova.catalogues.read',
  'nova.catalogues.write',
  'nova.sync.read',
  'nova.sync.write',
  'nova.audit.read',
];

/** Procedure → the scope a machine client needs for it. */
const NEEDS: [string, string][] = [
  ['catalogue.wantedReasons.list', 'nova.catalogues.read'],
  ['catalogue.achievements.list', 'nova.catalogues.read'],
  ['catalogue.vehicleTypes.list', 'nova.catalogues.read'],
  ['catalogue.serverSkins.list', 'nova.catalogues.read'],
  ['catalogue.serverRadios.list', 'nova.catalogues.read'],
  ['catalogue.wantedReasons.create', 'nova.catalogues.write'],
  ['catalogue.wantedReasons.update', 'nova.catalogues.write'],
  ['catalogue.vehicleTypes.update', 'nova.catalogues.write'],
  ['syncManager.objects.list', 'nova.sync.read'],
  ['syncManager.groups.list', 'nova.sync.read'],
  ['syncManager.objects.create', 'nova.sync.write'],
  ['syncManager.objects.update', 'nova.sync.write'],
  ['syncManager.groups.create', 'nova.sync.write'],
  ['syncManager.groups.update', 'nova.sync.write'],
  ['audit.list', 'nova.audit.read'],
];

interface ErrorBody {
  error?: { message: string; data: { reason: string | null; scope?: string } };
}

describe('security: machine clients need the scope of each procedure', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(() => target.close());

  const machineToken = (scopes: string[]) =>
    target.issuer.sign(
      {
        sub: 'service-account-integrator',
        preferred_username: 'service-account-integrator',
        azp: 'integrator',
        aud: CLIENT_ID,
        typ: 'Bearer',
        resource_access: { [CLIENT_ID]: { roles: [...ROLES_OF.admin] } },
        scope: ['profile', 'email', ...scopes].join(' '),
      },
      { expiresIn: '5m' },
    );

  it.each(NEEDS)('%s without %s: 403 naming the scope', async (path, scope) => {
    const token = await machineToken(EVERY_SCOPE.filter((s) => s !== scope));
    const response = await call(target, path, { headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(403);
    const body = response.json<ErrorBody>();
    expect(body.error?.data.reason).toBe('MISSING_SCOPE');
    expect(body.error?.data.scope).toBe(scope);
    expect(body.error?.message).toBe(
      `Diesem Zugang fehlt der Scope „${scope}“. Bitte gib dem Client diesen Scope im Anmeldedienst und fordere ihn beim Token an.`,
    );
  });

  it.each(NEEDS)('%s with only %s passes the policy', async (path, scope) => {
    const token = await machineToken([scope]);
    const response = await call(target, path, { headers: { authorization: `Bearer ${token}` } });
    // The empty input or the fake game API may refuse it further on; the policy did not.
    expect(response.statusCode).not.toBe(403);
    expect(response.statusCode).not.toBe(401);
  });

  it("a person's token needs no scope: the roles decide", async () => {
    const token = await target.issuer.sign(
      {
        sub: 'person-1',
        preferred_username: 'admin',
        azp: CLIENT_ID,
        aud: CLIENT_ID,
        typ: 'Bearer',
        resource_access: { [CLIENT_ID]: { roles: [...ROLES_OF.admin] } },
        scope: 'openid profile email',
      },
      { expiresIn: '5m' },
    );
    const response = await call(target, 'catalogue.wantedReasons.list', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).not.toBe(403);
  });
});
