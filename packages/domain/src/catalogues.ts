/**
 * The catalogue registry (specification §2.33 "Server Management hub", §2.34 "Manager screens", §2.34 "Generic table screen",
 * §3 entities, §6 roles; specification §2.1 routes; architecture §8): every catalogue of Server Management is
 * described here once. The route table, the policy table, the hub cards, the BFF procedures, the
 * game API paths, the zod schemas (built in @nova/contracts from the field metadata) and the table
 * columns and form fields of the generic table are all derived from this object.
 * Adding a catalogue: README "How to add a catalogue".
 */
import {
  FUEL_KINDS,
  GENDERS,
  SEASONS,
  SKIN_CATEGORIES,
  VEHICLE_CLASSES,
  YES_NO,
  type Option,
} from './options';
import { ROLES, type Role } from './roles';

/** How a field is shown and edited (specification §5.5: numeric text, yes/no selects, option lists). */
export type FieldKind = 'number' | 'text' | 'yes-no' | 'options' | 'colour' | 'url';

export interface CatalogueField {
  readonly name: string;
  /** German label of the column and the form field. */
  readonly label: string;
  readonly kind: FieldKind;
  /** The spec's label table, for `options` (and `yes-no`, which is always Nein/Ja). */
  readonly options?: readonly Option[];
  /** The id: not shown when creating, read-only when editing, never sent (specification §5). */
  readonly readOnly?: true;
  /** Numbers: whole numbers only (default) or decimals allowed. */
  readonly decimals?: true;
  readonly min?: number;
  readonly max?: number;
  /** Texts: required (non-empty after trimming) unless `optional`. */
  readonly optional?: true;
  readonly maxLength?: number;
  /** Applied by the input schema when the field is missing (specification §9.8 skin defaults). */
  readonly default?: number | string;
  /**
   * The game API keeps this value unique in the catalogue and refuses a duplicate with a field error
   * (a rule only the game API can check: the BFF does not know the other rows).
   */
  readonly unique?: true;
  /** Shown as a column of the table (default true; long texts stay in the form). */
  readonly column?: boolean;
  /** Numbers: the value that means "none" (skins' job, faction, gang: -1), shown as "–". */
  readonly none?: number;
  /**
   * Numbers that are codes: their names for the table and the form's hint. Unlike `options` the
   * value is not limited to them (the game API may know more codes than the spec).
   */
  readonly labels?: readonly Option[];
  /**
   * What the number names: `vehicle-model` adds the model's name (a column "Modell"),
   * `skin-preview` the skin's picture (`skins/{id}.png`).
   */
  readonly shows?: 'vehicle-model' | 'skin-preview';
  /**
   * Numbers that are ids of things the game API does not list (the skins' job, faction and gang,
   * decision 093): shown as "Nr. 4", picked from the values the catalogue's rows use.
   */
  readonly pick?: 'in-use';
}

export interface Catalogue {
  /** Route segment under the server manager (specification §2.1). */
  readonly segment: string;
  /** Page heading of the manager screen. */
  readonly title: string;
  /** Hub card (specification §2.33 "Server Management hub"). */
  readonly card: { readonly title: string; readonly description: string };
  /** Entity name in the messages: "{entity} hinzufügen", "{entity} erfolgreich erstellt" (specification §8.7). */
  readonly entity: string;
  /** Role of the route and of every procedure of the catalogue (specification §2.1). */
  readonly role: Role;
  /** Roles that show the hub card according to specification §6.3 (see decision 007). */
  readonly cardRoles: readonly Role[];
  /** Game API collection path (architecture §4); items at `{apiPath}/{id}`. */
  readonly apiPath: string;
  /** The vehicle manager edits only (specification §2.34 "Manager screens"). */
  readonly canCreate: boolean;
  readonly fields: readonly CatalogueField[];
}

const id = { name: 'id', label: 'ID', kind: 'number', readOnly: true } as const;
const yesNo = <N extends string>(name: N, label: string) =>
  ({ name, label, kind: 'yes-no', options: YES_NO }) as const;
const count = <N extends string>(name: N, label: string, max: number) =>
  ({ name, label, kind: 'number', min: 0, max }) as const;

export const CATALOGUES = {
  achievements: {
    segment: 'achievement-manager',
    title: 'Achievements verwalten',
    card: { title: 'Achievements', description: 'Achievements mit Erfahrung und Belohnung pflegen' },
    entity: 'Achievement',
    role: ROLES.achievementManager,
    cardRoles: [ROLES.achievementManager],
    apiPath: 'achievements',
    canCreate: true,
    fields: [
      id,
      { name: 'name', label: 'Name', kind: 'text', maxLength: 100, unique: true },
      { name: 'description', label: 'Beschreibung', kind: 'text', maxLength: 500 },
      count('exp', 'Erfahrung', 1_000_000),
      count('money', 'Geld ($)', 1_000_000_000),
    ],
  },
  vehicleTypes: {
    segment: 'vehicle-manager',
    title: 'Fahrzeuge verwalten',
    card: { title: 'Fahrzeuge', description: 'Werte der Fahrzeugmodelle anpassen' },
    entity: 'Fahrzeugtyp',
    role: ROLES.carManager,
    cardRoles: [ROLES.carManager],
    apiPath: 'vehicles/types',
    canCreate: false,
    fields: [
      { ...id, shows: 'vehicle-model' },
      yesNo('trailer', 'Anhänger'),
      count('level', 'Level', 1000),
      { name: 'tankvolume', label: 'Tankvolumen', kind: 'number', decimals: true, min: 0, max: 100_000 },
      { name: 'tankconsumption', label: 'Verbrauch', kind: 'number', decimals: true, min: 0, max: 10_000 },
      yesNo('canelectric', 'Elektroantrieb'),
      { ...count('cangas', 'Gasantrieb', 1000), labels: YES_NO },
      { ...count('tankclass', 'Tankklasse', 1000), labels: FUEL_KINDS },
      count('vehvalue', 'Fahrzeugwert', 1_000_000_000),
      { ...count('vehtype', 'Fahrzeugart', 1000), labels: VEHICLE_CLASSES },
      count('trunkvolume', 'Kofferraum', 100_000),
      count('enginestart', 'Motorstart (Sekunden)', 1000),
    ],
  },
  serverSkins: {
    segment: 'skin-manager',
    title: 'Skins verwalten',
    card: { title: 'Skins', description: 'Kleidung der Geschäfte und Fraktionen festlegen' },
    entity: 'Skin',
    role: ROLES.skinManager,
    cardRoles: [ROLES.skinManager],
    apiPath: 'management/server-skins',
    canCreate: true,
    fields: [
      id,
      { ...count('skinId', 'Skin-ID', 311), shows: 'skin-preview' },
      { name: 'gender', label: 'Geschlecht', kind: 'options', options: GENDERS },
      {
        name: 'job',
        label: 'Job',
        kind: 'number',
        min: -1,
        max: 10_000,
        default: -1,
        none: -1,
        pick: 'in-use',
      },
      {
        name: 'faction',
        label: 'Fraktion',
        kind: 'number',
        min: -1,
        max: 10_000,
        default: -1,
        none: -1,
        pick: 'in-use',
      },
      {
        name: 'gang',
        label: 'Gang',
        kind: 'number',
        min: -1,
        max: 10_000,
        default: -1,
        none: -1,
        pick: 'in-use',
      },
      yesNo('wearhat', 'Hut'),
      yesNo('wearmask', 'Maske'),
      yesNo('expire', 'Läuft ab'),
      { name: 'expiration', label: 'Ablauf (Tage)', kind: 'number', min: 0, max: 3650, default: 10 },
      { name: 'description', label: 'Beschreibung', kind: 'text', maxLength: 200, default: 'Unknown' },
      yesNo('blocked', 'Gesperrt'),
      { name: 'category', label: 'Kategorie', kind: 'options', options: SKIN_CATEGORIES },
      { name: 'season', label: 'Saison', kind: 'options', options: SEASONS },
    ],
  },
  serverRadios: {
    segment: 'radio-manager',
    title: 'Radiosender verwalten',
    card: { title: 'Radiosender', description: 'Radiosender und ihre Streams verwalten' },
    entity: 'Radiosender',
    role: ROLES.radioManager,
    cardRoles: [ROLES.skinManager],
    apiPath: 'management/server-radios',
    canCreate: true,
    fields: [
      id,
      { name: 'name', label: 'Name', kind: 'text', maxLength: 100, unique: true },
      { name: 'url', label: 'Stream-URL', kind: 'url', maxLength: 500 },
      { name: 'color', label: 'Farbe', kind: 'colour' },
    ],
  },
  wantedReasons: {
    segment: 'wanted-manager',
    title: 'Wantedkatalog verwalten',
    card: { title: 'Wantedkatalog', description: 'Straftaten und ihre Wanted-Punkte pflegen' },
    entity: 'Wantedgrund',
    role: ROLES.wantedManager,
    cardRoles: [ROLES.skinManager],
    apiPath: 'wanted-reasons',
    canCreate: true,
    fields: [
      id,
      { name: 'reason_name', label: 'Grund', kind: 'text', maxLength: 200, unique: true },
      count('points', 'Punkte', 100),
      yesNo('is_static', 'Statisch'),
    ],
  },
} as const satisfies Record<string, Catalogue>;

export type CatalogueKey = keyof typeof CATALOGUES;

export const CATALOGUE_KEYS = Object.keys(CATALOGUES) as CatalogueKey[];

/** The operations of a catalogue's procedures (`catalogue.<key>.<operation>`). */
export const CATALOGUE_OPERATIONS = ['list', 'create', 'update', 'remove'] as const;
export type CatalogueOperation = (typeof CATALOGUE_OPERATIONS)[number];

/** The hub card without a screen yet (specification §2.33: "Generische Einstellungen", disabled). */
export const SETTINGS_CARD = {
  title: 'Generische Einstellungen',
  description: 'Allgemeine Servereinstellungen (noch nicht verfügbar)',
  cardRoles: [ROLES.achievementManager],
} as const;

/**
 * A code's name as tables, forms and the audit log show it (decisions 061, 093): "–" for the field's
 * "none", the label of a labelled code, "Nr. 4" for an id the game API does not name; null when the
 * number is no code (or a code without a name: the caller shows the number).
 */
export function codeText(
  field: Pick<CatalogueField, 'labels' | 'none' | 'pick'>,
  value: number,
): string | null {
  if (field.none !== undefined && value === field.none) return '–';
  const label = field.labels?.find((option) => option.value === value);
  if (label) return label.label;
  if (field.pick === 'in-use') return `Nr. ${value.toLocaleString('de-DE')}`;
  return null;
}

/** The fields an administrator edits: everything but the read-only id. */
export function editableFields(catalogue: Catalogue): CatalogueField[] {
  return catalogue.fields.filter((field) => !field.readOnly);
}

/** Specification §8.7 messages of the generic table, for one entity name. */
export const catalogueMessages = (entity: string) =>
  ({
    add: `${entity} hinzufügen`,
    edit: `${entity} bearbeiten`,
    created: `${entity} erfolgreich erstellt`,
    updated: `${entity} erfolgreich aktualisiert`,
    removed: `${entity} erfolgreich gelöscht`,
    createFailed: `${entity} konnte nicht erstellt werden`,
    updateFailed: `${entity} konnte nicht aktualisiert werden`,
    removeFailed: `${entity} konnte nicht gelöscht werden`,
  }) as const;

/** The game API's answer to a duplicate of a `unique` field. */
export const DUPLICATE_VALUE = 'Dieser Wert ist bereits vergeben';

/** Specification §8.7: the generic table's load failure. */
export const CATALOGUE_LOAD_FAILED = 'Da ist etwas schiefgelaufen';
