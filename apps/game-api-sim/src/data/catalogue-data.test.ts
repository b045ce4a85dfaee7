/**
 * The seeded catalogues, as the simulator's store holds them at start (every catalogue of the
 * registry): valid for the contract and unique. How many rows each has is the demo's choice, not a
 * rule (decision 089); the vehicle manager's paging needs more than 20, and has 212 models.
 */
import { catalogues } from '@nova/contracts';
import { CATALOGUE_KEYS, vehicleModelName } from '@nova/domain';
import { describe, expect, it } from 'vitest';
import { Store } from '../store';
import { NOW } from '../test-support';
import { ACHIEVEMENTS, FIRST_ACHIEVEMENT_ID, RADIO_STATIONS, WANTED_REASONS } from './catalogues';
import { SERVER_SKINS } from './server-skins';
import { OWNABLE_VEHICLE_TYPE_IDS, VEHICLE_MODEL_NAMES, VEHICLE_TYPES } from './vehicle-types';

const store = new Store(1, NOW);

const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

describe('seeded catalogues', () => {
  for (const name of CATALOGUE_KEYS) {
    const rows: readonly { id: number }[] = store.catalogues[name].list();

    it(`${name}: unique ids, every row valid as an answer and, without its id, as an input`, () => {
      expect(unique(rows.map((row) => row.id))).toBe(true);
      for (const row of rows) {
        expect(catalogues[name].item.safeParse(row).error?.issues ?? [], `${name} ${row.id}`).toEqual([]);
        const { id: _id, ...input } = row;
        const parsed = catalogues[name].input.safeParse(input);
        expect(parsed.error?.issues ?? [], `${name} ${row.id}`).toEqual([]);
        // The input schema trims and fills defaults; a seeded row needs neither.
        expect(parsed.data, `${name} ${row.id}`).toEqual(input);
      }
    });
  }

  it('has every San Andreas vehicle model 400–611 once, each with its model name', () => {
    expect(VEHICLE_TYPES.map((t) => t.id)).toEqual(Array.from({ length: 212 }, (_, i) => 400 + i));
    expect(VEHICLE_MODEL_NAMES.get(411)).toBe('Infernus');
    expect(VEHICLE_MODEL_NAMES.get(560)).toBe('Sultan');
    expect(VEHICLE_MODEL_NAMES.get(611)).toBe('Utility Trailer');
    expect(unique([...VEHICLE_MODEL_NAMES.values()])).toBe(true);
  });

  it('names each model as the vehicle manager does', () => {
    for (const [id, name] of VEHICLE_MODEL_NAMES) expect(vehicleModelName(id)).toBe(name);
  });

  it('lets players own only vehicle types that exist and are not trailers', () => {
    const byId = new Map(VEHICLE_TYPES.map((t) => [t.id, t]));
    expect(OWNABLE_VEHICLE_TYPE_IDS.length).toBeGreaterThan(50);
    for (const id of OWNABLE_VEHICLE_TYPE_IDS) expect(byId.get(id)?.trailer, String(id)).toBe(0);
    // Police cars (596) and trains (537) are not sold.
    expect(OWNABLE_VEHICLE_TYPE_IDS).not.toContain(596);
    expect(OWNABLE_VEHICLE_TYPE_IDS).not.toContain(537);
  });

  it('has the expected sizes and unique names', () => {
    expect(ACHIEVEMENTS).toHaveLength(60);
    expect(SERVER_SKINS).toHaveLength(68);
    expect(RADIO_STATIONS).toHaveLength(25);
    expect(WANTED_REASONS).toHaveLength(46);
    expect(unique(ACHIEVEMENTS.map((a) => a.name))).toBe(true);
    expect(unique(RADIO_STATIONS.map((r) => r.name))).toBe(true);
    expect(unique(WANTED_REASONS.map((w) => w.reason_name))).toBe(true);
    expect(ACHIEVEMENTS.find((a) => a.id === FIRST_ACHIEVEMENT_ID)?.name).toBe('Erste Schritte');
  });

  it('streams radio only from the reserved .example domain, over https', () => {
    for (const { url } of RADIO_STATIONS) {
      expect(new URL(url).protocol, url).toBe('https:');
      expect(new URL(url).hostname, url).toMatch(/\.example$/);
    }
    expect(unique(RADIO_STATIONS.map((r) => r.url))).toBe(true);
  });

  it('keeps wanted points at GTA wanted levels 1–6', () => {
    for (const { reason_name, points } of WANTED_REASONS) {
      expect(points, reason_name).toBeGreaterThanOrEqual(1);
      expect(points, reason_name).toBeLessThanOrEqual(6);
    }
  });

  it('binds skins with -1 as "none"; skins that do not expire keep the default expiration', () => {
    for (const skin of SERVER_SKINS) {
      const bindings = [skin.job, skin.faction, skin.gang].filter((value) => value !== -1);
      expect(bindings.length, skin.description).toBeLessThanOrEqual(1);
      if (skin.expire === 0) expect(skin.expiration, skin.description).toBe(10);
      else expect(skin.expiration, skin.description).toBeGreaterThan(0);
    }
    expect(SERVER_SKINS.some((skin) => skin.blocked === 1)).toBe(true);
  });
});
