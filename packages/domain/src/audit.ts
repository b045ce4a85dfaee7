/**
 * The audit log in words (decision 062): the database keeps stable action keys (`area.entity.verb`),
 * the viewer and the server-side filter read them as German sentences with the target's name, field
 * labels from the catalogue registry and values formatted as the tables show them.
 */
import { CATALOGUES, CATALOGUE_KEYS, codeText, type CatalogueField, type CatalogueKey } from './catalogues';
import { formatNumber, parseGermanNumber } from './format';
import { optionLabel, PLATFORM_LABELS, type Platform } from './options';
import { ROUTES, cataloguePath } from './routes';
import { SYNC_MANAGER_TEXTS } from './sync-manager';
import { vehicleModelName } from './vehicle-models';

export type AuditOutcomeKey = 'success' | 'refused' | 'failed' | 'pending' | 'unknown';

export const AUDIT_OUTCOMES: Readonly<Record<AuditOutcomeKey, string>> = {
  success: 'Erfolgreich',
  refused: 'Abgelehnt',
  failed: 'Fehlgeschlagen',
  pending: 'Läuft',
  unknown: 'Unbekannt',
};

/** What kind of action a key is, as the filter offers it. */
export const AUDIT_KINDS = {
  create: 'angelegt',
  update: 'geändert',
  remove: 'gelöscht',
  undo: 'rückgängig gemacht',
  signIn: 'angemeldet',
  signOut: 'abgemeldet',
  password: 'Passwort geändert',
  session: 'Sitzung beendet',
  link: 'verknüpft',
  sync: 'synchronisiert',
  read: 'angesehen',
  export: 'exportiert',
  summary: 'zusammengefasst',
  hold: 'aufbewahrt',
  forget: 'vergessen (Datenschutz)',
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;

/** The part of the product an action belongs to. */
export type AuditArea =
  CatalogueKey | 'sync' | 'signIn' | 'account' | 'linking' | 'audit' | 'privacy' | 'webhooks';

export function auditAreaLabel(area: AuditArea): string {
  if (area === 'sync') return 'Sync-Manager';
  if (area === 'signIn') return 'Anmeldung';
  if (area === 'account') return 'Konto';
  if (area === 'linking') return 'Account-Synchronisation';
  if (area === 'audit') return 'Audit-Log';
  if (area === 'privacy') return 'Datenschutz';
  if (area === 'webhooks') return 'Webhooks';
  return `Katalog ${CATALOGUES[area].card.title}`;
}

export const AUDIT_AREAS: readonly AuditArea[] = [
  ...CATALOGUE_KEYS,
  'sync',
  'signIn',
  'account',
  'linking',
  'audit',
  'privacy',
  'webhooks',
];

interface ActionWords {
  area: AuditArea;
  kind: AuditKind;
  /** The entity named before the target ("Radiosender"), if the action has a target of its own. */
  entity?: string;
  /** Past participle for what happened ("gelöscht"), infinitive for what was tried ("löschen"). */
  done: string;
  tried: string;
}

const VERBS = {
  create: { kind: 'create', done: 'angelegt', tried: 'anlegen' },
  update: { kind: 'update', done: 'geändert', tried: 'ändern' },
  remove: { kind: 'remove', done: 'gelöscht', tried: 'löschen' },
  // Reads are recorded only when refused (decision 060).
  list: { kind: 'read', done: 'angesehen', tried: 'ansehen' },
} as const;
type Verb = keyof typeof VERBS;
const isVerb = (verb: string | undefined): verb is Verb => verb !== undefined && Object.hasOwn(VERBS, verb);

const SYNC_ENTITIES = { objects: 'Sync Objekt', groups: 'Sync Gruppe' } as const;

const FIXED: Readonly<Record<string, ActionWords>> = {
  'auth.sign-in': { area: 'signIn', kind: 'signIn', done: 'Angemeldet', tried: 'Anmelden' },
  'auth.step-up': {
    area: 'signIn',
    kind: 'signIn',
    done: 'Erneut angemeldet (Bestätigung vor dem Löschen)',
    tried: 'Erneut anmelden (Bestätigung vor dem Löschen)',
  },
  'auth.password': { area: 'signIn', kind: 'password', done: 'Passwort geändert', tried: 'Passwort ändern' },
  'auth.sign-out': { area: 'signIn', kind: 'signOut', done: 'Abgemeldet', tried: 'Abmelden' },
  'session.ended-by-idp': {
    area: 'account',
    kind: 'session',
    done: 'Sitzung vom Identitätsanbieter beendet',
    tried: 'Sitzung beim Identitätsanbieter beenden',
  },
  'session.end': { area: 'account', kind: 'session', done: 'Sitzung beendet', tried: 'Sitzung beenden' },
  'session.end-others': {
    area: 'account',
    kind: 'session',
    done: 'Alle anderen Sitzungen beendet',
    tried: 'Alle anderen Sitzungen beenden',
  },
  'account.endSession': {
    area: 'account',
    kind: 'session',
    done: 'Sitzung beendet',
    tried: 'Sitzung beenden',
  },
  'account.endOtherSessions': {
    area: 'account',
    kind: 'session',
    done: 'Alle anderen Sitzungen beendet',
    tried: 'Alle anderen Sitzungen beenden',
  },
  'externalAccounts.linkTeamspeak': {
    area: 'linking',
    kind: 'link',
    done: 'Teamspeak-Account verknüpft',
    tried: 'Teamspeak-Account verknüpfen',
  },
  'externalAccounts.linkDiscord': {
    area: 'linking',
    kind: 'link',
    done: 'Discord-Account verknüpft',
    tried: 'Discord-Account verknüpfen',
  },
  'externalAccounts.unlink': {
    area: 'linking',
    kind: 'link',
    done: 'Verknüpfung aufgehoben',
    tried: 'Verknüpfung aufheben',
  },
  'externalAccounts.sync': {
    area: 'linking',
    kind: 'sync',
    done: 'Synchronisation gestartet',
    tried: 'Synchronisation starten',
  },
  'webhooks.create': { area: 'webhooks', kind: 'create', done: 'Webhook angelegt', tried: 'Webhook anlegen' },
  'webhooks.remove': { area: 'webhooks', kind: 'remove', done: 'Webhook gelöscht', tried: 'Webhook löschen' },
  'webhooks.rotateSecret': {
    area: 'webhooks',
    kind: 'update',
    done: 'Webhook-Geheimnis erneuert',
    tried: 'Webhook-Geheimnis erneuern',
  },
  'webhooks.resume': {
    area: 'webhooks',
    kind: 'update',
    done: 'Webhook fortgesetzt',
    tried: 'Webhook fortsetzen',
  },
  'webhooks.resend': {
    area: 'webhooks',
    kind: 'update',
    done: 'Webhook-Zustellung erneut gesendet',
    tried: 'Webhook-Zustellung erneut senden',
  },
  'audit.undo': { area: 'audit', kind: 'undo', done: 'Rückgängig gemacht', tried: 'Rückgängig machen' },
  'audit.list': { area: 'audit', kind: 'read', done: 'Audit-Log angesehen', tried: 'Audit-Log ansehen' },
  'audit.history': {
    area: 'audit',
    kind: 'read',
    done: 'Verlauf eines Eintrags angesehen',
    tried: 'Verlauf eines Eintrags ansehen',
  },
  'audit.undoPlan': {
    area: 'audit',
    kind: 'read',
    done: 'Rückgängigmachen vorbereitet',
    tried: 'Rückgängigmachen vorbereiten',
  },
  'audit.chain': {
    area: 'audit',
    kind: 'read',
    done: 'Prüfkette des Audit-Logs angesehen',
    tried: 'Prüfkette des Audit-Logs ansehen',
  },
  'audit.export': {
    area: 'audit',
    kind: 'export',
    done: 'Audit-Log exportiert',
    tried: 'Audit-Log exportieren',
  },
  // "Meine Daten" and "Datenschutzanfragen" (decisions 101, 102).
  'privacy.startExport': {
    area: 'privacy',
    kind: 'export',
    done: 'Datenexport angefordert',
    tried: 'Datenexport anfordern',
  },
  'privacy.download': {
    area: 'privacy',
    kind: 'export',
    done: 'Datenexport heruntergeladen',
    tried: 'Datenexport herunterladen',
  },
  'privacy.createRequest': {
    area: 'privacy',
    kind: 'create',
    done: 'Datenschutzanfrage gestellt',
    tried: 'Datenschutzanfrage stellen',
  },
  'privacy.requests': {
    area: 'privacy',
    kind: 'read',
    done: 'Datenschutzanfragen angesehen',
    tried: 'Datenschutzanfragen ansehen',
  },
  'privacy.request': {
    area: 'privacy',
    kind: 'read',
    done: 'Datenschutzanfrage angesehen',
    tried: 'Datenschutzanfrage ansehen',
  },
  'privacy.setStatus': {
    area: 'privacy',
    kind: 'update',
    done: 'Status einer Datenschutzanfrage geändert',
    tried: 'Status einer Datenschutzanfrage ändern',
  },
  'privacy.erase': {
    area: 'privacy',
    kind: 'remove',
    done: 'Daten einer Person gelöscht',
    tried: 'Daten einer Person löschen',
  },
  // Legal holds and erasure (decision 100).
  'audit.holds': {
    area: 'privacy',
    kind: 'read',
    done: 'Aufbewahrungen angesehen',
    tried: 'Aufbewahrungen ansehen',
  },
  'audit.hold': {
    area: 'privacy',
    kind: 'hold',
    done: 'Aufbewahrung angeordnet',
    tried: 'Aufbewahrung anordnen',
  },
  'audit.releaseHold': {
    area: 'privacy',
    kind: 'hold',
    done: 'Aufbewahrung aufgehoben',
    tried: 'Aufbewahrung aufheben',
  },
  'privacy.forget': {
    area: 'privacy',
    kind: 'forget',
    done: 'Person vergessen (Löschung nach Art. 17 DSGVO)',
    tried: 'Person vergessen (Löschung nach Art. 17 DSGVO)',
  },
  'audit.refusals-dropped': {
    area: 'audit',
    kind: 'summary',
    done: 'Abgelehnte Anfragen zusammengefasst',
    tried: 'Abgelehnte Anfragen zusammengefasst',
  },
};

/** The words of an action key; `null` for a key the viewer has no sentence for. */
export function auditActionWords(action: string): ActionWords | null {
  const fixed = FIXED[action];
  if (fixed) return fixed;
  const [area, entity, verb, ...rest] = action.split('.');
  if (rest.length > 0 || !isVerb(verb)) return null;
  if (area === 'catalogue' && entity !== undefined && (CATALOGUE_KEYS as string[]).includes(entity)) {
    const key = entity as CatalogueKey;
    return { area: key, entity: CATALOGUES[key].entity, ...VERBS[verb] };
  }
  if (area === 'syncManager' && (entity === 'objects' || entity === 'groups')) {
    return { area: 'sync', entity: SYNC_ENTITIES[entity], ...VERBS[verb] };
  }
  return null;
}

/** Every action key the viewer knows, for the server-side filter. */
export function knownAuditActions(): string[] {
  const keyed = CATALOGUE_KEYS.flatMap((key) => Object.keys(VERBS).map((verb) => `catalogue.${key}.${verb}`));
  const sync = (['objects', 'groups'] as const).flatMap((entity) =>
    Object.keys(VERBS).map((verb) => `syncManager.${entity}.${verb}`),
  );
  return [...Object.keys(FIXED), ...keyed, ...sync];
}

/** The action keys of a kind and/or an area (the filter's "Art" and "Bereich"). */
export function auditActionsOf(filter: { kind?: AuditKind | undefined; area?: AuditArea | undefined }) {
  return knownAuditActions().filter((action) => {
    const words = auditActionWords(action);
    return (
      words !== null &&
      (filter.kind === undefined || words.kind === filter.kind) &&
      (filter.area === undefined || words.area === filter.area)
    );
  });
}

const folded = (text: string) => text.normalize('NFC').toLocaleLowerCase('de-DE');

/**
 * The action keys whose words contain `word` anywhere (case-insensitive): entity, verb done and
 * tried, kind, area and the key itself. "Radiosender", "Löschen", "angemeldet" each find their keys.
 */
export function auditActionsMatching(word: string): string[] {
  const needle = folded(word);
  if (!needle) return [];
  return knownAuditActions().filter((action) => {
    const words = auditActionWords(action);
    if (!words) return false;
    const text = [
      action,
      words.entity ?? '',
      words.done,
      words.tried,
      AUDIT_KINDS[words.kind],
      auditAreaLabel(words.area),
    ];
    return text.some((part) => folded(part).includes(needle));
  });
}

/** The coded details (step-up-required, …) whose German text contains `word`. */
export function auditDetailCodesMatching(word: string): string[] {
  const needle = folded(word);
  if (!needle) return [];
  return Object.entries(DETAILS)
    .filter(([, text]) => folded(text).includes(needle))
    .map(([code]) => code);
}

/**
 * What a search word means in the changes a row shows (decision 093): the fields whose label
 * contains it ("Geld" → `money`), field values whose name contains it ("Diesel" → `tankclass` 1,
 * "Weiblich" → `gender` 1) and the number it reads as in German ("1.200" → 1200).
 */
export function auditValuesMatching(word: string): {
  fields: string[];
  values: { field: string; value: number }[];
  number: number | null;
} {
  const needle = folded(word);
  const all = [
    ...CATALOGUE_KEYS.flatMap((key) => CATALOGUES[key].fields as readonly FieldInfo[]),
    ...SYNC_OBJECT_FIELDS,
    ...SYNC_GROUP_FIELDS,
  ];
  const fields = new Set<string>();
  const values = new Map<string, { field: string; value: number }>();
  if (needle) {
    for (const field of all) {
      if (field.name !== 'id' && folded(splitUnit(field.label).label).includes(needle))
        fields.add(field.name);
      for (const option of [...(field.options ?? []), ...(field.labels ?? [])]) {
        if (folded(option.label).includes(needle))
          values.set(`${field.name}=${option.value}`, { field: field.name, value: option.value });
      }
    }
  }
  const number = /\d/.test(word) ? (parseGermanNumber(word) ?? null) : null;
  return { fields: [...fields], values: [...values.values()], number };
}

/** Every field that names a target (for the server-side search by name). */
export function auditNameFields(): string[] {
  const catalogue = CATALOGUE_KEYS.flatMap((key) => nameFieldsOf(`catalogue.${key}`));
  return [...new Set([...catalogue, ...Object.values(NAME_FIELDS).flat()])];
}

/** The entity a target type names ("Radiosender", "Sync Gruppe"). */
function entityOf(targetType: string | null): string | null {
  const key = catalogueOf(targetType);
  if (key) return CATALOGUES[key].entity;
  if (targetType === 'sync.object') return SYNC_ENTITIES.objects;
  if (targetType === 'sync.group') return SYNC_ENTITIES.groups;
  return null;
}

/**
 * Whether "Rückgängig machen" is offered (decision 063): a successful create, update or delete of a
 * catalogue row or a sync object or group, with its target's number, not taken back yet.
 */
export function auditUndoable(record: {
  action: string;
  outcome: AuditOutcomeKey;
  targetType: string | null;
  targetId: string | null;
  undoneBy?: string | null;
}): boolean {
  const words = auditActionWords(record.action);
  return (
    words !== null &&
    (words.kind === 'create' || words.kind === 'update' || words.kind === 'remove') &&
    entityOf(record.targetType) !== null &&
    record.outcome === 'success' &&
    record.targetId !== null &&
    /^\d+$/.test(record.targetId) &&
    !record.undoneBy
  );
}

/** The fields of a target type, for labels and formatting. */
type FieldInfo = Pick<CatalogueField, 'name' | 'label' | 'kind'> &
  Partial<Pick<CatalogueField, 'options' | 'labels' | 'none' | 'pick'>>;

const SYNC_OBJECT_FIELDS: FieldInfo[] = [
  { name: 'id', label: 'ID', kind: 'number' },
  { name: 'plattform', label: SYNC_MANAGER_TEXTS.columns.plattform, kind: 'text' },
  { name: 'externalId', label: SYNC_MANAGER_TEXTS.columns.externalId, kind: 'text' },
  { name: 'description', label: SYNC_MANAGER_TEXTS.columns.description, kind: 'text' },
  { name: 'syncGroup', label: SYNC_MANAGER_TEXTS.columns.syncGroup, kind: 'text' },
];
const SYNC_GROUP_FIELDS: FieldInfo[] = [
  { name: 'id', label: 'ID', kind: 'number' },
  { name: 'name', label: SYNC_MANAGER_TEXTS.columns.name, kind: 'text' },
  { name: 'keycloakName', label: SYNC_MANAGER_TEXTS.columns.keycloakName, kind: 'text' },
  { name: 'syncObjects', label: SYNC_MANAGER_TEXTS.columns.linkedObjects, kind: 'text' },
];

function catalogueOf(targetType: string | null): CatalogueKey | null {
  const key = targetType?.startsWith('catalogue.') ? targetType.slice('catalogue.'.length) : null;
  return key !== null && (CATALOGUE_KEYS as string[]).includes(key) ? (key as CatalogueKey) : null;
}

function fieldsOf(targetType: string | null): readonly FieldInfo[] {
  const key = catalogueOf(targetType);
  if (key) return CATALOGUES[key].fields;
  if (targetType === 'sync.object') return SYNC_OBJECT_FIELDS;
  if (targetType === 'sync.group') return SYNC_GROUP_FIELDS;
  return [];
}

/** The field that names a row of the target type (the first unique text, else a name). */
const NAME_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'sync.object': ['description', 'externalId'],
  'sync.group': ['name'],
};
function nameFieldsOf(targetType: string | null): readonly string[] {
  const key = catalogueOf(targetType);
  if (key) {
    const fields: readonly CatalogueField[] = CATALOGUES[key].fields;
    return fields.filter((field) => field.kind === 'text' && field.unique).map((field) => field.name);
  }
  return (targetType && NAME_FIELDS[targetType]) || [];
}

const asObject = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** The record as far as the sentences need it. */
export interface AuditRecordWords {
  action: string;
  targetType: string | null;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
  outcome: AuditOutcomeKey;
  detail: string | null;
  /** The record an undo takes back (decision 063). */
  undoOf?: string | null;
  /** The target's name from its other records, when this one has no state (a refusal). */
  targetName?: string | null;
}

/**
 * The target's name from the record's after- or before-state (a vehicle type by its model), else
 * the name the BFF found in the target's other records (`targetName`, a refusal has no state), else
 * its number ("Nr. 26").
 */
export function auditTargetName(
  record: Pick<AuditRecordWords, 'targetType' | 'targetId' | 'before' | 'after' | 'targetName'>,
) {
  const named = auditStateName(record);
  if (named) return named;
  if (record.targetType === 'catalogue.vehicleTypes' && record.targetId && /^\d+$/.test(record.targetId)) {
    const model = vehicleModelName(Number(record.targetId));
    if (model) return model;
  }
  if (record.targetName) return record.targetName;
  return record.targetId ? `Nr. ${record.targetId}` : null;
}

/** The name of a target in a record's states, if they name it (for the BFF's `targetName`). */
export function auditStateName(
  record: Pick<AuditRecordWords, 'targetType' | 'before' | 'after'>,
): string | null {
  for (const state of [asObject(record.after), asObject(record.before)]) {
    for (const field of nameFieldsOf(record.targetType)) {
      const value = state?.[field];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
  }
  return null;
}

/** The address parameter that opens a catalogue row's editor (the audit log's links). */
export const CATALOGUE_EDIT_PARAM = 'bearbeiten';

/**
 * Where the target is edited, if it has an editor: a catalogue row opens in its manager, a sync
 * object or group on its tab of the sync manager.
 */
export function auditTargetHref(targetType: string | null, targetId: string | null = null): string | null {
  const key = catalogueOf(targetType);
  if (key) {
    const id = targetId !== null && /^\d+$/.test(targetId) ? targetId : null;
    return id ? `${cataloguePath(key)}?${CATALOGUE_EDIT_PARAM}=${id}` : cataloguePath(key);
  }
  if (targetType === 'sync.object') return `${ROUTES.syncManager.path}?tab=objects`;
  if (targetType === 'sync.group') return `${ROUTES.syncManager.path}?tab=groups`;
  return null;
}

export interface AuditSentence {
  /** Text before the name ("Radiosender"), the name, and the text after it ("geändert"). */
  lead: string;
  name: string | null;
  tail: string;
  href: string | null;
  /** What follows the name directly (the colon of an undo). */
  separator?: string;
  /**
   * An undo's tail in parts, so the change it took back can be a link to that record:
   * `tail` is `before` + `text` + " " + `after`.
   */
  undone?: { before: string; text: string; recordId: string; after: string };
}

/** The address parameter that shows one record of the audit log (an undo's links). */
export const AUDIT_RECORD_PARAM = 'eintrag';

/** The audit log showing one record, by its number. */
export function auditRecordHref(recordId: string): string {
  return `${ROUTES.auditLog.path}?${AUDIT_RECORD_PARAM}=${recordId}`;
}

/** The sentence of a record; an attempt that did not succeed is named by what was tried. */
export function auditSentence(record: AuditRecordWords): AuditSentence {
  const words = auditActionWords(record.action);
  if (!words) return { lead: record.action, name: null, tail: '', href: null };
  const succeeded =
    record.outcome === 'success' || record.outcome === 'pending' || record.outcome === 'unknown';
  const verb = succeeded ? words.done : words.tried;
  const entity = words.entity ?? (words.kind === 'undo' ? entityOf(record.targetType) : null);
  if (words.kind === 'undo' && entity) {
    // "Radiosender „Prüfradio Nord“: Änderung Nr. 812 rückgängig gemacht"
    const change = record.undoOf ? `Änderung Nr. ${record.undoOf}` : 'Änderung';
    const before = succeeded ? '' : '– ';
    const after = succeeded ? 'rückgängig gemacht' : 'rückgängig machen';
    return {
      lead: entity,
      name: auditTargetName(record),
      tail: `${before}${change} ${after}`,
      href: auditTargetHref(record.targetType, record.targetId),
      separator: succeeded ? ':' : '',
      ...(record.undoOf ? { undone: { before, text: change, recordId: record.undoOf, after } } : {}),
    };
  }
  if (!words.entity) return { lead: verb, name: null, tail: '', href: null };
  return {
    lead: words.entity,
    name: auditTargetName(record),
    tail: verb,
    href: auditTargetHref(record.targetType, record.targetId),
  };
}

export function auditSentenceText(sentence: AuditSentence): string {
  const name = sentence.name === null ? '' : `„${sentence.name}“${sentence.separator ?? ''}`;
  return [sentence.lead, name, sentence.tail].filter(Boolean).join(' ');
}

/**
 * Repeated refusals of one person's same request within this many minutes are one summary record
 * after the first (decision 105).
 */
export const REFUSAL_SUMMARY_MINUTES = 10;

const DETAILS: Readonly<Record<string, string>> = {
  'step-up-required': 'erneute Anmeldung nötig',
  forbidden: 'keine Berechtigung',
  'machine-client': 'für Maschinen-Clients nicht erlaubt',
  timeout: 'keine Antwort der Spiel-API (Zeitüberschreitung)',
  network: 'Spiel-API nicht erreichbar',
  status: 'von der Spiel-API abgelehnt',
  'invalid-json': 'ungültige Antwort der Spiel-API',
  contract: 'unerwartete Antwort der Spiel-API',
  'too-large': 'Antwort der Spiel-API zu groß',
  unavailable: 'Spiel-API nicht verfügbar',
  budget: 'Zeitbudget der Anfrage überschritten',
  CONFLICT: 'in der Zwischenzeit geändert (Konflikt)',
  success: 'erfolgreich',
  cancelled: 'abgebrochen',
  error: 'Fehler',
  'password-success-reported': 'geändert (vom Browser gemeldet)',
  'password-cancelled-reported': 'abgebrochen (vom Browser gemeldet)',
  'password-unknown-reported': 'Ausgang unbekannt (vom Browser gemeldet)',
  csrf: 'Herkunftsprüfung (CSRF) nicht bestanden',
  'invalid-token': 'ungültiges Zugriffstoken',
  unauthenticated: 'nicht angemeldet',
  'invalid-input': 'ungültige Eingabe',
  'other-account': 'mit einem anderen Konto angemeldet (siehe Ziel)',
  'legal-hold': 'zurückgestellt: eine Aufbewahrung besteht',
  // A write whose answer never came, and what reading the target back found.
  'outcome-applied': 'keine rechtzeitige Antwort der Spiel-API; nachgelesen: gespeichert',
  'outcome-not-applied': 'keine Antwort der Spiel-API; nachgelesen: nicht gespeichert',
  'outcome-unknown': 'keine Antwort der Spiel-API; ob gespeichert, ist unklar',
  audit: 'nicht ausgeführt: Protokoll nicht erreichbar',
  'not-run': 'nicht ausgeführt: ein Schritt davor ist fehlgeschlagen',
};

/** The record's detail in German (most are German already; a few are codes). */
export function auditDetailText(detail: string | null): string | null {
  if (!detail) return null;
  const known = DETAILS[detail];
  if (known) return known;
  const ended = /^(\d+) ended$/.exec(detail);
  if (ended) return `${ended[1]} beendet`;
  const dropped = /^(\d+) dropped$/.exec(detail);
  if (dropped) return `${dropped[1]} weitere Ablehnungen nur gezählt, nicht einzeln protokolliert`;
  const repeated = /^(\d+) repeated$/.exec(detail);
  if (repeated) {
    const more = Number(repeated[1]);
    return `insgesamt ${formatNumber(more + 1)}× abgelehnt: ${formatNumber(more)} weitere gleiche Versuche innerhalb von ${REFUSAL_SUMMARY_MINUTES} Minuten hier zusammengefasst`;
  }
  const together = /^with (\d+)$/.exec(detail);
  if (together) return `zusammen mit Änderung Nr. ${together[1]} rückgängig gemacht (ein Schritt)`;
  return detail;
}

const EMPTY = '–';

/** A value as the tables show it: option labels, German numbers, units from the label. */
function formatValue(field: FieldInfo | undefined, value: unknown, unit: string | null): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (field?.options && typeof value === 'number') return optionLabel(field.options, value);
  const code = field && typeof value === 'number' ? codeText(field, value) : null;
  if (code !== null) return code;
  if (typeof value === 'number') return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nein';
  if (typeof value === 'string') {
    if (field?.name === 'plattform' && Object.hasOwn(PLATFORM_LABELS, value))
      return PLATFORM_LABELS[value as Platform];
    return value;
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => {
      const object = asObject(item);
      const label = object?.description ?? object?.name ?? object?.externalId ?? object?.id;
      return typeof label === 'string' || typeof label === 'number' ? String(label) : JSON.stringify(item);
    });
    return items.length ? items.join(', ') : EMPTY;
  }
  const object = asObject(value);
  const name = object?.name ?? object?.id;
  if (typeof name === 'string' || typeof name === 'number') return String(name);
  return JSON.stringify(value);
}

/** "Geld ($)" → label "Geld", unit "$"; "Ablauf (Tage)" → "Ablauf", "Tage". */
function splitUnit(label: string): { label: string; unit: string | null } {
  const match = /^(.*?)\s*\(([^)]+)\)$/.exec(label);
  return match?.[1] && match[2] ? { label: match[1], unit: match[2] } : { label, unit: null };
}

export interface AuditFieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

/**
 * Every field of before and after (registry order first, then any others), labelled and formatted;
 * `changed` marks the ones that differ. Records whose states are not rows (sign-ins, session lists)
 * have none.
 */
export function auditFieldChanges(
  record: Pick<AuditRecordWords, 'targetType' | 'before' | 'after'>,
): AuditFieldChange[] {
  const before = asObject(record.before) ?? {};
  const after = asObject(record.after) ?? {};
  const known = fieldsOf(record.targetType);
  const present = new Set([...Object.keys(before), ...Object.keys(after)]);
  const names = [
    ...known.map((field) => field.name).filter((name) => present.has(name)),
    ...[...present].filter((name) => !known.some((field) => field.name === name)),
  ];
  return names.map((name) => {
    const field = known.find((candidate) => candidate.name === name);
    const { label, unit } = splitUnit(field?.label ?? name);
    const was = Object.hasOwn(before, name) ? formatValue(field, before[name], unit) : EMPTY;
    const now = Object.hasOwn(after, name) ? formatValue(field, after[name], unit) : EMPTY;
    return { field: name, label, before: was, after: now, changed: was !== now };
  });
}

/** The changed fields of an update in one line: "Geld: 200 $ → 1.000 $; Name: A → B". */
export function auditChangeSummary(changes: readonly AuditFieldChange[]): string {
  return changes
    .filter((change) => change.changed && change.field !== 'id')
    .map((change) => `${change.label}: ${change.before} → ${change.after}`)
    .join('; ');
}

/** A person of the audit log (decision 099): their number, and their names while they are known. */
export interface AuditPerson {
  person: string;
  displayName: string | null;
  login: string | null;
}

/** How a record names a person: the in-game name, else the login name, else the pseudonym. */
export function auditPersonName(p: AuditPerson): string {
  return p.displayName ?? p.login ?? auditForgottenPerson(p.person);
}

/** A person whose key was deleted (decision 100). */
export function auditForgottenPerson(person: string): string {
  return `gelöschte Person (Nr. ${person})`;
}
