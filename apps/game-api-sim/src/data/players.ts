/**
 * Seeded generator of the players: the three demo accounts of @nova/demo, the two special demo
 * players (`empty`, `hidden`) and about 55 other characters with plausible data for a reallife
 * server. Every list the game API offers is filled here; the store keeps it in memory.
 */
import type { PlayerProfile, User, Vehicle, WeaponSkills } from '@nova/contracts';
import { DEMO_ACCOUNTS, DEMO_PLAYERS } from '@nova/demo';
import { SKILL_NAMES } from '@nova/domain';
import type { Random } from '../random';
import type { BankAccount, Coupon, InventoryItem, License, PlayerSkin, Skill } from '../types';
import { ACHIEVEMENTS, FIRST_ACHIEVEMENT_ID } from './catalogues';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, toLogin } from './names';
import {
  bankAccounts,
  coupons,
  inventory,
  licenses,
  movementStats,
  VehicleFactory,
  weaponSkills,
  type Kind,
} from './player-lists';
import { CIVILIAN_SKINS, FACTIONS, type Sex } from './player-tables';

/** Values only the toplist shows; the profile does not carry them. */
export interface PlayerStats {
  crimes: number;
  loginStreak: number;
  playtimeMinutes: number;
}

export interface PlayerData {
  user: User;
  profile: PlayerProfile;
  stats: PlayerStats;
  skills: Skill[];
  skins: PlayerSkin[];
  /** Achievement ids; the route nests them (specification §3.6: the list may be nested). */
  achievements: number[];
  coupons: Coupon[];
  inventory: InventoryItem[];
  licenses: License[];
  bankAccounts: BankAccount[];
  weaponSkills: WeaponSkills;
  /** `null`: vehicles are "not supported" for this player and the route answers 404. */
  vehicles: Vehicle[] | null;
}

const OTHER_PLAYERS = 55;

interface Identity {
  id: string;
  username: string;
  customname: string[];
  rpName: string;
  sex: Sex;
}

function generatedPlayer(
  rng: Random,
  who: Identity,
  kind: Kind,
  now: number,
  vehicles: VehicleFactory,
): PlayerData {
  const level = Math.floor(1 + 59 * rng.next() ** 1.6);
  const playtimeMinutes = level * rng.int(500, 1400) + rng.int(0, 900);
  const faction = rng.chance(0.45) ? rng.pick(FACTIONS) : null;
  const millionaire = rng.chance(0.08);
  const money = millionaire
    ? rng.int(1_000_000, 9_500_000)
    : Math.round(level * rng.int(500, 40_000) * rng.next());
  const activeSkin = rng.pick(CIVILIAN_SKINS[who.sex]);
  const crimes =
    faction?.kind === 'gang'
      ? rng.int(50, 30 * level + 100)
      : faction
        ? rng.int(0, 20)
        : rng.int(0, 10 * level);
  const otherSkins = rng.sample(
    CIVILIAN_SKINS[who.sex].filter((s) => s !== activeSkin),
    kind === 'rich' ? rng.int(2, 4) : rng.int(0, 3),
  );
  const skillIds =
    kind === 'rich'
      ? rng.sample([...SKILL_NAMES.keys()], rng.int(6, 10))
      : rng.chance(0.15)
        ? []
        : rng.sample([...SKILL_NAMES.keys()], rng.int(1, 8));
  const achievementIds = rng.sample(
    ACHIEVEMENTS.map((a) => a.id).filter((id) => id !== FIRST_ACHIEVEMENT_ID),
    kind === 'rich' ? rng.int(8, 14) : rng.int(0, 12),
  );
  const vehicleCount = kind === 'rich' ? rng.int(3, 4) : rng.chance(0.25) ? 0 : rng.int(1, 3);
  return {
    user: { id: who.id, username: who.username, attributes: { customname: who.customname } },
    profile: {
      id: who.id,
      username: who.rpName,
      prestige: level >= 20 ? rng.int(1, Math.max(1, Math.floor(level / 8))) : 0,
      level,
      money,
      age: rng.chance(0.7) ? rng.int(18, 35) : rng.int(16, 60),
      sex: who.sex,
      exp: rng.int(0, 1999),
      hunger: rng.int(10, 100),
      thirst: rng.int(10, 100),
      faction_skin: faction ? rng.pick(faction.skins[who.sex]) : 0,
      activeSkin: { skinId: activeSkin },
      movementStats: movementStats(rng, playtimeMinutes),
    },
    stats: {
      crimes,
      loginStreak: rng.chance(0.1) ? rng.int(60, 400) : rng.int(0, 60),
      playtimeMinutes,
    },
    skills: skillIds
      .sort((a, b) => a - b)
      .map((id) => ({ id, name: SKILL_NAMES[id] ?? '', level: rng.int(0, 10) })),
    skins: [activeSkin, ...otherSkins].map((skinId) => ({ skinId })),
    achievements: [FIRST_ACHIEVEMENT_ID, ...achievementIds.sort((a, b) => a - b)],
    coupons: coupons(rng, now, kind),
    inventory: inventory(rng, kind),
    licenses: licenses(rng, kind),
    bankAccounts: bankAccounts(rng, kind, money),
    weaponSkills: weaponSkills(rng),
    vehicles: Array.from({ length: vehicleCount }, () => vehicles.create()),
  };
}

/**
 * A character that has just been created: starting values and nothing in any list. Also used for
 * users created through `POST user`; `vehiclesSupported: false` reproduces the demo player whose
 * vehicles call answers 404.
 */
export function newcomer(who: Omit<Identity, 'sex' | 'rpName'>, vehiclesSupported: boolean): PlayerData {
  return {
    user: { id: who.id, username: who.username, attributes: { customname: who.customname } },
    profile: {
      id: who.id,
      username: who.customname[0] ?? who.username,
      prestige: 0,
      level: 1,
      money: 0,
      age: 18,
      sex: 0,
      exp: 0,
      hunger: 100,
      thirst: 100,
      faction_skin: 0,
      activeSkin: null,
      movementStats: {
        dist_walking: 0,
        dist_running: 0,
        dist_sprinting: 0,
        dist_crouching: 0,
        dist_swimming: 0,
        dist_underwater: 0,
        dist_driving: 0,
        dist_air: 0,
      },
    },
    stats: { crimes: 0, loginStreak: 0, playtimeMinutes: 0 },
    skills: [],
    skins: [],
    achievements: [],
    coupons: [],
    inventory: [],
    licenses: [],
    bankAccounts: [],
    weaponSkills: { WEAPONCATEGORY_0: 0, WEAPONCATEGORY_1: 0, WEAPONCATEGORY_2: 0 },
    vehicles: vehiclesSupported ? [] : null,
  };
}

function otherIdentities(rng: Random, count: number, taken: Set<string>, logins: Set<string>): Identity[] {
  const out: Identity[] = [];
  while (out.length < count) {
    const sex: Sex = rng.chance(0.35) ? 1 : 0;
    const first = rng.pick(sex === 1 ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const rpName = `${first}_${rng.pick(LAST_NAMES)}`;
    if (taken.has(rpName)) continue;
    taken.add(rpName);
    const [f, l] = [toLogin(first), toLogin(rpName.slice(first.length + 1))];
    const styles = [
      `${f}.${l}`,
      `${f}${l.slice(0, 1)}${rng.int(80, 99)}`,
      `${f}_${l}`,
      `${l}${rng.int(1, 99)}`,
      `${f}${rng.int(1990, 2008)}`,
    ];
    let username = rng.pick(styles);
    while (logins.has(username)) username = `${username}${rng.int(0, 9)}`;
    logins.add(username);
    out.push({ id: rng.uuid(), username, customname: [rpName], rpName, sex });
  }
  return out;
}

/** All players, the demo accounts first. Same seed and `now` → same data. */
export function generatePlayers(rng: Random, now: number): PlayerData[] {
  const vehicles = new VehicleFactory(rng);
  const { spieler, beta, admin } = DEMO_ACCOUNTS;
  const demo = (account: typeof spieler | typeof beta | typeof admin, sex: Sex): Identity => ({
    id: account.id,
    username: account.username,
    customname: [...account.customname],
    rpName: account.customname[0],
    sex,
  });
  const { empty, hidden } = DEMO_PLAYERS;
  const hiddenIdentity: Identity = {
    ...hidden,
    customname: [hidden.username],
    rpName: hidden.username,
    sex: 1,
  };

  const spielerData = generatedPlayer(rng, demo(spieler, 0), 'rich', now, vehicles);
  const betaData = { ...generatedPlayer(rng, demo(beta, 1), 'rich', now, vehicles), vehicles: [] };
  const adminData = generatedPlayer(rng, demo(admin, 0), 'rich', now, vehicles);
  // The demo accounts show an "Experte" badge; the admin also one value above the maximum of 75.
  spielerData.weaponSkills.WEAPONCATEGORY_0 = 75;
  adminData.weaponSkills = { WEAPONCATEGORY_0: 75, WEAPONCATEGORY_1: 58, WEAPONCATEGORY_2: 82 };
  const hiddenData = generatedPlayer(rng, hiddenIdentity, 'rich', now, vehicles);
  const emptyData = newcomer({ ...empty, customname: [empty.username] }, false);

  const fixed = [spielerData, betaData, adminData, hiddenData, emptyData];
  const taken = new Set(fixed.map((p) => p.profile.username));
  const logins = new Set(fixed.map((p) => p.user.username.toLowerCase()));
  const others = otherIdentities(rng, OTHER_PLAYERS, taken, logins).map((who) =>
    generatedPlayer(rng, who, 'regular', now, vehicles),
  );
  return [...fixed, ...others];
}
