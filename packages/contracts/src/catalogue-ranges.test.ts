/**
 * Every editable catalogue field's range, length and option list, written out by hand from specification §3
 * and the registry, checked at both edges against the input schema the BFF, the forms and the
 * simulator share.
 */
import { CATALOGUES, editableFields, type CatalogueKey } from '@nova/domain';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_SAMPLES } from './samples';
import { catalogues } from './index';

type Expectation =
  | { kind: 'int'; min: number; max: number }
  | { kind: 'decimal'; min: number; max: number }
  | { kind: 'text'; maxLength: number; optional?: true }
  | { kind: 'url'; maxLength: number }
  | { kind: 'colour' }
  | { kind: 'choice'; values: readonly number[] };

const YES_NO = { kind: 'choice', values: [0, 1] } as const;

/** Per catalogue: what each editable field accepts (changed one at a time in its sample). */
const EXPECTED: Record<CatalogueKey, { fields: Record<string, Expectation> }> = {
  achievements: {
    fields: {
      name: { kind: 'text', maxLength: 100 },
      description: { kind: 'text', maxLength: 500 },
      exp: { kind: 'int', min: 0, max: 1_000_000 },
      money: { kind: 'int', min: 0, max: 1_000_000_000 },
    },
  },
  vehicleTypes: {
    fields: {
      trailer: YES_NO,
      level: { kind: 'int', min: 0, max: 1000 },
      tankvolume: { kind: 'decimal', min: 0, max: 100_000 },
      tankconsumption: { kind: 'decimal', min: 0, max: 10_000 },
      canelectric: YES_NO,
      cangas: { kind: 'int', min: 0, max: 1000 },
      tankclass: { kind: 'int', min: 0, max: 1000 },
      vehvalue: { kind: 'int', min: 0, max: 1_000_000_000 },
      vehtype: { kind: 'int', min: 0, max: 1000 },
      trunkvolume: { kind: 'int', min: 0, max: 100_000 },
      enginestart: { kind: 'int', min: 0, max: 1000 },
    },
  },
  serverSkins: {
    fields: {
      skinId: { kind: 'int', min: 0, max: 311 },
      gender: { kind: 'choice', values: [0, 1] },
      job: { kind: 'int', min: -1, max: 10_000 },
      faction: { kind: 'int', min: -1, max: 10_000 },
      gang: { kind: 'int', min: -1, max: 10_000 },
      wearhat: YES_NO,
      wearmask: YES_NO,
      expire: YES_NO,
      expiration: { kind: 'int', min: 0, max: 3650 },
      // Specification §9.8: an empty description becomes "Unknown", so only its length is refused.
      description: { kind: 'text', maxLength: 200, optional: true },
      blocked: YES_NO,
      category: { kind: 'choice', values: [0, 1, 2, 3] },
      season: { kind: 'choice', values: [0, 1] },
    },
  },
  serverRadios: {
    fields: {
      name: { kind: 'text', maxLength: 100 },
      url: { kind: 'url', maxLength: 500 },
      color: { kind: 'colour' },
    },
  },
  wantedReasons: {
    fields: {
      reason_name: { kind: 'text', maxLength: 200 },
      points: { kind: 'int', min: 0, max: 100 },
      is_static: YES_NO,
    },
  },
};

const CHOOSE = 'Bitte wähle einen Wert aus der Liste';

/** The German field error for `value` in `field`, or null when the body is accepted. */
function errorFor(key: CatalogueKey, field: string, value: unknown): string | null {
  const result = catalogues[key].input.safeParse({ ...CATALOGUE_SAMPLES[key], [field]: value });
  if (result.success) return null;
  expect(result.error.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
  return result.error.issues[0]?.message ?? '';
}

const url = (length: number) => {
  const start = 'https://radio.nova-legacy.example/';
  return start + 'a'.repeat(length - start.length);
};

describe.each(Object.keys(EXPECTED) as CatalogueKey[])('catalogue %s input', (key) => {
  const { fields } = EXPECTED[key];
  const body = CATALOGUE_SAMPLES[key];

  it('has exactly the expected editable fields and accepts the valid body', () => {
    expect(editableFields(CATALOGUES[key]).map((field) => field.name)).toEqual(Object.keys(fields));
    expect(catalogues[key].input.safeParse(body).success).toBe(true);
  });

  it.each(Object.entries(fields))('%s: accepted at its edges, refused past them', (field, rule) => {
    switch (rule.kind) {
      case 'int':
      case 'decimal':
        expect(errorFor(key, field, rule.min)).toBeNull();
        expect(errorFor(key, field, rule.max)).toBeNull();
        expect(errorFor(key, field, rule.min - 1)).toBe(`Muss mindestens ${rule.min} sein`);
        expect(errorFor(key, field, rule.max + 1)).toBe(`Darf höchstens ${rule.max} sein`);
        expect(errorFor(key, field, rule.max + 0.01)).toBe(
          rule.kind === 'int' ? 'Muss eine ganze Zahl sein' : `Darf höchstens ${rule.max} sein`,
        );
        expect(errorFor(key, field, rule.min + 0.5)).toBe(
          rule.kind === 'int' ? 'Muss eine ganze Zahl sein' : null,
        );
        expect(errorFor(key, field, '5')).toBe('Muss eine Zahl sein');
        break;
      case 'text':
        expect(errorFor(key, field, 'ä'.repeat(rule.maxLength))).toBeNull();
        expect(errorFor(key, field, 'ä'.repeat(rule.maxLength + 1))).toBe(
          `Höchstens ${rule.maxLength} Zeichen`,
        );
        expect(errorFor(key, field, '   ')).toBe(rule.optional ? null : 'Pflichtfeld');
        break;
      case 'url':
        expect(errorFor(key, field, url(rule.maxLength))).toBeNull();
        expect(errorFor(key, field, url(rule.maxLength + 1))).toBe(`Höchstens ${rule.maxLength} Zeichen`);
        expect(errorFor(key, field, 'ftp://radio.example/a.mp3')).toBe(
          'Muss eine Adresse mit http:// oder https:// sein',
        );
        break;
      case 'colour':
        expect(errorFor(key, field, '#a0B1c2')).toBeNull();
        for (const bad of ['#A0B1C', '#A0B1C20', 'A0B1C2', '#G0B1C2'])
          expect(errorFor(key, field, bad), bad).toBe('Muss eine Farbe im Format #RRGGBB sein');
        break;
      case 'choice':
        for (const value of rule.values) expect(errorFor(key, field, value), String(value)).toBeNull();
        for (const bad of [Math.min(...rule.values) - 1, Math.max(...rule.values) + 1, 0.5])
          expect(errorFor(key, field, bad), String(bad)).toBe(CHOOSE);
        break;
    }
  });
});
