/**
 * The REST operations of `/api/v1` (decision 080): each one runs a procedure of the tRPC router, so
 * the policy table, rate limits, audit records, input hygiene and step-up rules are the procedure's
 * own. This table only says how HTTP reaches it: method, path and how the call's headers map onto
 * the write spine (decision 044).
 */
import { CATALOGUES, CATALOGUE_KEYS, type CatalogueKey, type ProcedurePath } from '@nova/domain';

/**
 * - `read`: GET without input (public lists, a person's own data: the procedure's `userId` stays
 *   absent, so it is always the caller's).
 * - `query`: GET whose query parameters are the procedure's input (the audit log's filters and page).
 * - `list`: GET of a list of rows, paged by the adapter (`page`, `pageSize`, `Link`).
 * - `item`: GET of one row of a list, with its `ETag`.
 * - `create`: POST, body = the form's values, `Idempotency-Key` → the spine's `idempotencyKey`.
 * - `update`: PUT, body = the form's values, `If-Match` → the spine's `expected` (or `force` for `*`).
 * - `remove`: DELETE, `If-Match` as for `update`.
 * - `children`: GET of the rows that belong to one row (`/{id}/…`), paged by the adapter like `list`.
 * - `action`: POST on one row (`/{id}/…`) without a body: the path's parameters are the procedure's
 *   whole input (rotate a webhook's secret, resume it, send a delivery again).
 */
export type OperationKind =
  'read' | 'query' | 'list' | 'item' | 'create' | 'update' | 'remove' | 'children' | 'action';

export interface RestOperation {
  /** The tRPC procedure it runs; `item` runs the list procedure of its rows. */
  procedure: ProcedurePath;
  kind: OperationKind;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI path below `/api/v1`; `{id}` is a row's id. */
  path: `/${string}`;
  tag: string;
  summary: string;
  /** The rows' ids are digit strings (bigint keys of the BFF's own tables), not numbers. */
  textIds?: true;
  /** A create that answers more than its row keeps the row under this key (the webhook's secret). */
  rowKey?: string;
  /** Runs on the BFF's own database only: no game API whose answer could fail to come (no 504). */
  local?: true;
  /** A sentence of the reference for this operation alone (German). */
  note?: string;
}

/** `wantedReasons` → `wanted-reasons`. */
const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

interface RowsSpec {
  base: `/${string}`;
  procedures: string;
  tag: string;
  /** German plural and singular for the summaries. */
  many: string;
  one: string;
  canCreate: boolean;
}

/** list, item, create, update, remove of one kind of row. */
function rowOperations(spec: RowsSpec): RestOperation[] {
  const { base, procedures, tag, many, one } = spec;
  const at = (name: string) => `${procedures}.${name}` as ProcedurePath;
  const item = `${base}/{id}` as const;
  const operations: RestOperation[] = [
    { procedure: at('list'), kind: 'list', method: 'GET', path: base, tag, summary: `${many} auflisten` },
    {
      procedure: at('list'),
      kind: 'item',
      method: 'GET',
      path: item,
      tag,
      summary: `${one} lesen (mit ETag)`,
    },
    { procedure: at('update'), kind: 'update', method: 'PUT', path: item, tag, summary: `${one} ändern` },
  ];
  if (spec.canCreate) {
    operations.push(
      { procedure: at('create'), kind: 'create', method: 'POST', path: base, tag, summary: `${one} anlegen` },
      {
        procedure: at('remove'),
        kind: 'remove',
        method: 'DELETE',
        path: item,
        tag,
        summary: `${one} löschen`,
      },
    );
  }
  return operations;
}

const catalogueOperations = (key: CatalogueKey) =>
  rowOperations({
    base: `/catalogues/${kebab(key)}`,
    procedures: `catalogue.${key}`,
    tag: 'Kataloge',
    many: CATALOGUES[key].title,
    one: CATALOGUES[key].entity,
    canCreate: CATALOGUES[key].canCreate,
  });

const ownData = (procedure: ProcedurePath, path: `/${string}` | '', summary: string): RestOperation => ({
  procedure,
  kind: 'read',
  method: 'GET',
  path: `/me${path}` as `/${string}`,
  tag: 'Eigene Daten',
  summary,
});

export const REST_OPERATIONS: readonly RestOperation[] = [
  {
    procedure: 'toplist.get',
    kind: 'read',
    method: 'GET',
    path: '/toplist',
    tag: 'Öffentlich',
    summary: 'Bestenliste',
  },
  {
    procedure: 'calendar.list',
    kind: 'read',
    method: 'GET',
    path: '/calendar',
    tag: 'Öffentlich',
    summary: 'Kalender',
  },
  ownData('player.user', '', 'Eigenes Konto'),
  ownData('player.profile', '/profile', 'Eigenes Profil'),
  ownData('player.achievements', '/achievements', 'Eigene Erfolge'),
  ownData('player.coupons', '/coupons', 'Eigene Gutscheine'),
  ownData('player.inventory', '/inventory', 'Eigenes Inventar'),
  ownData('player.licenses', '/licenses', 'Eigene Lizenzen'),
  ownData('player.bankAccounts', '/bank-accounts', 'Eigene Bankkonten'),
  ownData('player.weaponSkills', '/weapon-skills', 'Eigene Waffenfertigkeiten'),
  ownData('player.skins', '/skins', 'Eigene Skins'),
  ownData('player.skills', '/skills', 'Eigene Fähigkeiten'),
  ownData('player.vehicles', '/vehicles', 'Eigene Fahrzeuge'),
  ownData('externalAccounts.status', '/external-accounts', 'Eigene verknüpfte Konten'),
  ...CATALOGUE_KEYS.flatMap(catalogueOperations),
  ...rowOperations({
    base: '/sync/objects',
    procedures: 'syncManager.objects',
    tag: 'Sync-Manager',
    many: 'Sync-Objekte',
    one: 'Sync-Objekt',
    canCreate: true,
  }),
  ...rowOperations({
    base: '/sync/groups',
    procedures: 'syncManager.groups',
    tag: 'Sync-Manager',
    many: 'Sync-Gruppen',
    one: 'Sync-Gruppe',
    canCreate: true,
  }),
  ...webhookOperations(),
  {
    procedure: 'audit.list',
    kind: 'query',
    method: 'GET',
    path: '/audit-log',
    tag: 'Protokoll',
    summary: 'Protokoll lesen (gefiltert, seitenweise)',
  },
];

/**
 * Webhook subscriptions (decision 097): the secret is in the answers of create and rotate only
 * (shown once), never in a row, a list or an ETag. No update: a subscription is deleted and made anew.
 */
function webhookOperations(): RestOperation[] {
  const base = '/webhooks/subscriptions';
  const item = `${base}/{id}` as const;
  const common = { tag: 'Webhooks', textIds: true, local: true } as const;
  return [
    {
      ...common,
      procedure: 'webhooks.list',
      kind: 'list',
      method: 'GET',
      path: base,
      summary: 'Abonnements auflisten',
    },
    {
      ...common,
      procedure: 'webhooks.list',
      kind: 'item',
      method: 'GET',
      path: item,
      summary: 'Abonnement lesen (mit ETag)',
    },
    {
      ...common,
      procedure: 'webhooks.create',
      kind: 'create',
      method: 'POST',
      path: base,
      summary: 'Abonnement anlegen (mit dem Geheimnis, einmalig)',
      rowKey: 'subscription',
      note: 'Die Antwort enthält das Geheimnis (`secret`, `whsec_…`) zum Prüfen der Signaturen: nur hier und bei „Geheimnis erneuern“, nie in einer Liste, einer Zeile oder einer ETag. Ein Wiederholungsversuch mit demselben Idempotency-Key antwortet mit demselben Abonnement und dem Geheimnis, mit dem es jetzt signiert.',
    },
    {
      ...common,
      procedure: 'webhooks.remove',
      kind: 'remove',
      method: 'DELETE',
      path: item,
      summary: 'Abonnement löschen',
      note: 'If-Match vergleicht Adresse, Format, Ereignisse und Zustand; die Zähler (`pending`, `failed`) und `failingSince` ändern sich mit den Zustellungen von selbst.',
    },
    {
      ...common,
      procedure: 'webhooks.rotateSecret',
      kind: 'action',
      method: 'POST',
      path: `${item}/rotate-secret`,
      summary: 'Geheimnis erneuern (das neue einmalig)',
      note: 'Die Antwort enthält das neue Geheimnis, nur dieses eine Mal; das alte signiert ab sofort nicht mehr.',
    },
    {
      ...common,
      procedure: 'webhooks.resume',
      kind: 'action',
      method: 'POST',
      path: `${item}/resume`,
      summary: 'Pausiertes Abonnement fortsetzen',
    },
    {
      ...common,
      procedure: 'webhooks.deliveries',
      kind: 'children',
      method: 'GET',
      path: `${item}/deliveries`,
      summary: 'Zustellungen lesen (neueste zuerst)',
    },
    {
      ...common,
      procedure: 'webhooks.resend',
      kind: 'action',
      method: 'POST',
      path: `${item}/deliveries/{delivery}/resend`,
      summary: 'Zustellung erneut senden',
    },
  ];
}
