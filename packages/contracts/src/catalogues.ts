/**
 * The zod schemas of the Server Management catalogues, built from the field metadata of the registry
 * in @nova/domain (architecture §8): the answer schema the BFF checks the game API against, and the
 * input schema shared by the BFF procedures, the SPA's forms and the simulator.
 */
import {
  CATALOGUES,
  CATALOGUE_KEYS,
  editableFields,
  type Catalogue,
  type CatalogueField,
  type CatalogueKey,
} from '@nova/domain';
import { z } from 'zod';
import { plainText } from './zod-german';

type Fields<K extends CatalogueKey> = (typeof CATALOGUES)[K]['fields'][number];
type ValueOf<F> = F extends { kind: 'text' | 'url' | 'colour' } ? string : number;

/** A row of catalogue `K` as the game API answers it. */
export type CatalogueItem<K extends CatalogueKey> = { id: number } & {
  [F in Fields<K> as F['name']]: ValueOf<F>;
};
/** The create and update body of catalogue `K`: the row without its read-only id. */
export type CatalogueInput<K extends CatalogueKey> = Omit<CatalogueItem<K>, 'id'>;
/** Any catalogue's row, for the generic table. */
export type CatalogueRow = Record<string, string | number>;

const COLOUR = /^#[0-9A-Fa-f]{6}$/;
const CHOOSE = 'Bitte wähle einen Wert aus der Liste';

function optionValues(field: CatalogueField): number[] {
  return (field.options ?? []).map((option) => option.value);
}

/** Answers are checked for their types and option values, not for the input ranges. */
function answerField(field: CatalogueField): z.ZodType {
  switch (field.kind) {
    case 'text':
    case 'url':
    case 'colour':
      return z.string();
    case 'yes-no':
    case 'options': {
      const values = optionValues(field);
      return z
        .number()
        .int()
        .refine((value) => values.includes(value));
    }
    case 'number':
      return field.decimals ? z.number() : z.number().int();
  }
}

function inputNumber(field: CatalogueField): z.ZodType {
  let schema = field.decimals ? z.number() : z.number().int();
  if (field.min !== undefined) schema = schema.min(field.min);
  if (field.max !== undefined) schema = schema.max(field.max);
  return typeof field.default === 'number' ? schema.default(field.default) : schema;
}

function inputText(field: CatalogueField): z.ZodType {
  const max = field.maxLength ?? 200;
  let schema = plainText().trim().max(max);
  if (field.kind === 'url')
    schema = schema.regex(
      /^https?:\/\/[^\s/$.?#][^\s]*$/i,
      'Muss eine Adresse mit http:// oder https:// sein',
    );
  if (field.kind === 'colour') schema = schema.regex(COLOUR, 'Muss eine Farbe im Format #RRGGBB sein');
  const fallback = field.default;
  if (typeof fallback === 'string') {
    // Specification §9.8: a skin without a description is 'Unknown'; an emptied field counts as missing.
    return schema.optional().transform((value) => (value ? value : fallback));
  }
  return field.optional ? schema : schema.min(1, 'Pflichtfeld');
}

/** Inputs: whole numbers in the field's range, non-empty texts, option values from the spec's lists. */
function inputField(field: CatalogueField): z.ZodType {
  switch (field.kind) {
    case 'text':
    case 'url':
    case 'colour':
      return inputText(field);
    case 'yes-no':
    case 'options': {
      const values = optionValues(field);
      return z
        .number({ error: (issue) => (issue.input === undefined ? 'Pflichtfeld' : CHOOSE) })
        .int()
        .refine((value) => values.includes(value), CHOOSE);
    }
    case 'number':
      return inputNumber(field);
  }
}

function buildItem(catalogue: Catalogue): z.ZodObject {
  return z.object(Object.fromEntries(catalogue.fields.map((field) => [field.name, answerField(field)])));
}

function buildInput(catalogue: Catalogue): z.ZodObject {
  return z.strictObject(
    Object.fromEntries(editableFields(catalogue).map((field) => [field.name, inputField(field)])),
  );
}

export interface CatalogueSchemas<K extends CatalogueKey> {
  key: K;
  /** Game API collection path (items at `{path}/{id}`). */
  path: string;
  item: z.ZodType<CatalogueItem<K>>;
  list: z.ZodType<CatalogueItem<K>[]>;
  input: z.ZodType<CatalogueInput<K>, Partial<CatalogueInput<K>>>;
}

function schemasOf<K extends CatalogueKey>(key: K): CatalogueSchemas<K> {
  const catalogue: Catalogue = CATALOGUES[key];
  const item = buildItem(catalogue) as unknown as z.ZodType<CatalogueItem<K>>;
  return {
    key,
    path: catalogue.apiPath,
    item,
    list: z.array(item),
    input: buildInput(catalogue) as unknown as z.ZodType<CatalogueInput<K>, Partial<CatalogueInput<K>>>,
  };
}

export const catalogues = Object.fromEntries(CATALOGUE_KEYS.map((key) => [key, schemasOf(key)])) as {
  [K in CatalogueKey]: CatalogueSchemas<K>;
};

export type CatalogueName = CatalogueKey;

/** Ids of catalogue rows: positive whole numbers (one path segment). */
export const CatalogueId = z.number().int().min(0).max(2_147_483_647);

export const Achievement = catalogues.achievements.item;
export const Achievements = catalogues.achievements.list;
export type Achievement = CatalogueItem<'achievements'>;
export const AchievementInput = catalogues.achievements.input;

export const VehicleType = catalogues.vehicleTypes.item;
export const VehicleTypes = catalogues.vehicleTypes.list;
export type VehicleType = CatalogueItem<'vehicleTypes'>;
export const VehicleTypeInput = catalogues.vehicleTypes.input;

export const ServerSkin = catalogues.serverSkins.item;
export const ServerSkins = catalogues.serverSkins.list;
export type ServerSkin = CatalogueItem<'serverSkins'>;
export const ServerSkinInput = catalogues.serverSkins.input;

export const RadioStation = catalogues.serverRadios.item;
export const RadioStations = catalogues.serverRadios.list;
export type RadioStation = CatalogueItem<'serverRadios'>;
export const RadioStationInput = catalogues.serverRadios.input;

export const WantedReason = catalogues.wantedReasons.item;
export const WantedReasons = catalogues.wantedReasons.list;
export type WantedReason = CatalogueItem<'wantedReasons'>;
export const WantedReasonInput = catalogues.wantedReasons.input;
