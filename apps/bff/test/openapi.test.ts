/**
 * The OpenAPI document of /api/v1 (decision 080): valid OpenAPI 3.1 (checked by a validator of the
 * specification's own schema), an operation for every procedure an integrator may call, and the
 * write conventions documented on every write route.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { PROCEDURE_POLICY } from '@nova/domain';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/rest/document';

const document = openApiDocument({
  publicUrl: 'https://nova.example',
  issuer: 'https://id.example/realms/nova',
});

interface Operation {
  description: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
  security?: Record<string, string[]>[];
}

const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({
    path,
    method,
    operation,
  })),
);

/** The procedure an operation runs, as its description names it. */
const procedureOf = (operation: Operation) =>
  /Ruft die Prozedur `([^`]+)` auf/.exec(operation.description)?.[1];

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('covers every procedure the policy grants machine clients, and every public read', () => {
    const covered = new Set(operations.map(({ operation }) => procedureOf(operation)));
    const granted = Object.entries(PROCEDURE_POLICY)
      .filter(
        ([path, access]) =>
          ('machines' in access && access.machines === true) ||
          (access.kind === 'public' && path !== 'session.me'),
      )
      .map(([path]) => path);
    expect(granted.length).toBeGreaterThan(20);
    expect(granted.filter((path) => !covered.has(path))).toEqual([]);
  });

  it("covers a person's own data (written out by hand)", () => {
    const paths = operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    for (const path of [
      'GET /me',
      'GET /me/profile',
      'GET /me/achievements',
      'GET /me/coupons',
      'GET /me/inventory',
      'GET /me/licenses',
      'GET /me/bank-accounts',
      'GET /me/weapon-skills',
      'GET /me/skins',
      'GET /me/skills',
      'GET /me/vehicles',
      'GET /me/external-accounts',
      'GET /toplist',
      'GET /calendar',
      'GET /audit-log',
    ])
      expect(paths).toContain(path);
  });

  // Actions on one row (no body, nothing to compare, nothing created twice), written out by hand.
  const ACTIONS = [
    'post /webhooks/subscriptions/{id}/rotate-secret',
    'post /webhooks/subscriptions/{id}/resume',
    'post /webhooks/subscriptions/{id}/deliveries/{delivery}/resend',
  ];

  it('documents If-Match, 412 and 428 on every update and delete, Idempotency-Key and 201 on every create', () => {
    const writes = operations.filter(
      ({ method, path }) => method !== 'get' && !ACTIONS.includes(`${method} ${path}`),
    );
    expect(operations.filter(({ method, path }) => ACTIONS.includes(`${method} ${path}`))).toHaveLength(3);
    // 7 creates, 7 updates (vehicles edit only, webhooks are not changed), 7 deletes
    expect(writes.length).toBe(21);
    for (const { method, path, operation } of writes) {
      const where = `${method} ${path}`;
      const headers = (operation.parameters ?? []).filter((parameter) => parameter.in === 'header');
      if (method === 'post') {
        expect([where, headers.map((h) => h.name)]).toEqual([where, ['idempotency-key']]);
        expect([where, Object.keys(operation.responses)]).toEqual([
          where,
          expect.arrayContaining(['201', '400', '409']),
        ]);
      } else {
        expect([where, headers.map((h) => [h.name, h.required])]).toEqual([where, [['if-match', true]]]);
        expect([where, Object.keys(operation.responses)]).toEqual([
          where,
          expect.arrayContaining(['400', '412', '428', '429', '503']),
        ]);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400)
          expect([where, status, Object.keys(response.content ?? {})]).toEqual([
            where,
            status,
            ['application/problem+json'],
          ]);
      }
    }
  });

  it('names the scope of every operation a machine client may call', () => {
    const list = operations.find(
      ({ path, method }) => path === '/catalogues/wanted-reasons' && method === 'get',
    );
    expect(list?.operation.security).toEqual([{ bearer: [] }, { oauth2: ['nova.catalogues.read'] }]);
    const update = operations.find(({ path, method }) => path === '/sync/groups/{id}' && method === 'put');
    expect(update?.operation.security).toEqual([{ bearer: [] }, { oauth2: ['nova.sync.write'] }]);
    const remove = operations.find(({ path, method }) => path === '/sync/groups/{id}' && method === 'delete');
    expect(remove?.operation.security).toEqual([{ bearer: [] }]);
    const toplist = operations.find(({ path }) => path === '/toplist');
    expect(toplist?.operation.security).toBeUndefined();
  });

  it('exposes the webhooks with the scope nova.webhooks; deleting needs a person', () => {
    const routes = new Map(operations.map(({ method, path, operation }) => [`${method} ${path}`, operation]));
    const granted = [
      'get /webhooks/subscriptions',
      'post /webhooks/subscriptions',
      'get /webhooks/subscriptions/{id}',
      'get /webhooks/subscriptions/{id}/deliveries',
      ...ACTIONS,
    ];
    for (const route of granted)
      expect([route, routes.get(route)?.security]).toEqual([
        route,
        [{ bearer: [] }, { oauth2: ['nova.webhooks'] }],
      ]);
    expect(routes.get('delete /webhooks/subscriptions/{id}')?.security).toEqual([{ bearer: [] }]);
  });

  it('shows a webhook secret only in the answers of create and rotate', () => {
    const withSecret = operations
      .filter(({ operation }) => JSON.stringify(operation.responses).includes('"secret"'))
      .map(({ method, path }) => `${method} ${path}`)
      .sort();
    expect(withSecret).toEqual([
      'post /webhooks/subscriptions',
      'post /webhooks/subscriptions/{id}/rotate-secret',
    ]);
  });
});
