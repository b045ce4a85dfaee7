/**
 * Generators of the per-player lists (specification §3.5): vehicles, movement statistics, weapon skills,
 * coupons, inventory, licenses and bank accounts. `rich` players (the demo accounts) get an entry in
 * every list and the cases the screens must handle (duplicates, unknown types, blocked accounts).
 */
import type { PlayerProfile, Vehicle, WeaponSkills } from '@nova/contracts';
import type { Random } from '../random';
import type { BankAccount, Coupon, InventoryItem, License } from '../types';
import { OWNABLE_VEHICLE_TYPE_IDS } from './vehicle-types';
import { COUPON_NAMES, INVENTORY_KINDS, UNKNOWN_INVENTORY_TYPE } from './player-tables';

/** How much data a player gets: `rich` guarantees an entry in every list (demo accounts). */
export type Kind = 'regular' | 'rich';

const DAY_MS = 86_400_000;

export class VehicleFactory {
  private nextId = 1;
  private readonly plates = new Set<string>();
  constructor(private readonly rng: Random) {}

  create(): Vehicle {
    const { rng } = this;
    let plate: string;
    do plate = `${rng.pick(['LS', 'LS', 'LS', 'SF', 'LV'])}-${rng.int(1000, 9999)}`;
    while (this.plates.has(plate));
    this.plates.add(plate);
    return {
      id: this.nextId++,
      typeId: rng.pick(OWNABLE_VEHICLE_TYPE_IDS),
      plate,
      fuel: rng.int(4, 100),
      mileage: rng.int(150, 180_000),
      health: rng.chance(0.5) ? 1000 : rng.int(300, 999),
    };
  }
}

export function movementStats(rng: Random, minutes: number): PlayerProfile['movementStats'] {
  const per = (min: number, max: number) => Math.round(minutes * rng.int(min, max));
  return {
    dist_walking: per(40, 90),
    dist_running: per(20, 60),
    dist_sprinting: per(10, 40),
    dist_crouching: per(0, 3),
    dist_swimming: per(0, 6),
    dist_underwater: per(0, 2),
    dist_driving: per(250, 900),
    dist_air: rng.chance(0.6) ? 0 : per(1, 150),
  };
}

export function weaponSkills(rng: Random): WeaponSkills {
  const skill = () => Math.round(75 * rng.next() ** 1.5);
  const values = [skill(), skill(), skill()];
  const index = rng.int(0, 2);
  // Specification §9.7 leaves open whether values above 75 occur; a few players have one, to show the clamp.
  if (rng.chance(0.05)) values[index] = rng.int(76, 100);
  else if (rng.chance(0.2)) values[index] = 75;
  return {
    WEAPONCATEGORY_0: values[0] ?? 0,
    WEAPONCATEGORY_1: values[1] ?? 0,
    WEAPONCATEGORY_2: values[2] ?? 0,
  };
}

export function coupons(rng: Random, now: number, kind: Kind): Coupon[] {
  if (kind === 'regular' && rng.chance(0.4)) return [];
  const names = rng.sample(COUPON_NAMES, kind === 'rich' ? 4 : rng.int(1, 3));
  const minute = 60_000;
  return names.map((name, i) => {
    // Rich players get two redeemable (past) and two not yet available (future) coupons.
    const past = kind === 'rich' ? i < 2 : rng.chance(0.6);
    const days = past ? -rng.int(1, 60) : rng.int(1, 30);
    const time = now + days * DAY_MS + rng.int(-600, 600) * minute;
    return { name, time: Math.floor(time / minute) * minute };
  });
}

export function inventory(rng: Random, kind: Kind): InventoryItem[] {
  const count = kind === 'rich' ? rng.int(6, 10) : rng.int(2, 8);
  const items: InventoryItem[] = [];
  // Picks with replacement, so the same type often appears twice: the screens must sum them.
  for (let i = 0; i < count; i++) {
    const [type, min, max] = rng.pick(INVENTORY_KINDS);
    items.push({ type, value: rng.int(min, max) });
  }
  if (kind === 'rich') {
    items.push({ type: 0, value: 2 }, { type: 41, value: 12 }, { type: 0, value: 1 });
    items.push({ type: UNKNOWN_INVENTORY_TYPE, value: 1 });
  } else if (rng.chance(0.1)) items.push({ type: UNKNOWN_INVENTORY_TYPE, value: 1 });
  return items;
}

export function licenses(rng: Random, kind: Kind): License[] {
  const odds = kind === 'rich' ? [1, 1, 0.5, 1] : [0.8, 0.35, 0.15, 0.2];
  return odds.flatMap((p, licenseId) => (rng.chance(p) ? [{ licenseId }] : []));
}

export function bankAccounts(rng: Random, kind: Kind, money: number): BankAccount[] {
  const odds = kind === 'rich' ? [1, 1, 1, 1, 0, 0] : [0.9, 0.3, 0.2, 0.1, 0.1, 0.05];
  return odds.flatMap((p, bankId) => {
    if (!rng.chance(p)) return [];
    const balance = rng.chance(0.1) ? 0 : rng.int(0, Math.max(5000, money * 3));
    // Rich players show one blocked account (Auktionskonto) next to active ones.
    const disabled = kind === 'rich' ? bankId === 3 : rng.chance(0.1);
    return [{ bankId, balance, disabled }];
  });
}
