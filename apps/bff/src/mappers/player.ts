/**
 * Game API entities → what the player screens show (specification §2–§3), with the rules of @nova/domain
 * applied here so that the SPA only renders.
 */
import type {
  Achievement,
  AchievementRefTree,
  AchievementsView,
  PlayerProfile,
  ProfileView,
  User,
  Vehicle,
  VehicleType,
  VehicleView,
  WeaponSkills,
} from '@nova/contracts';
import {
  ACCOUNT_STATUS,
  accountType,
  bankName,
  couponStatus,
  displayNameOf,
  flattenNested,
  formatMoney,
  genderLabel,
  isCouponAvailable,
  isExpert,
  itemName,
  LICENSE_STATUS,
  licenseStates,
  LIMITS,
  movementTotals,
  percentOf,
  skillName,
  sumInventory,
  WEAPON_CATEGORIES,
} from '@nova/domain';

export function toPlayerUser(user: User, viewerId: string) {
  return {
    id: user.id,
    username: user.username,
    displayName: displayNameOf(user.username, user.attributes?.customname),
    own: user.id === viewerId,
  };
}

/** Specification §2.18 "Player profile": the faction skin takes precedence over the active skin (specification §9). */
export function avatarSkinOf(profile: Pick<PlayerProfile, 'faction_skin' | 'activeSkin'>): number | null {
  if (typeof profile.faction_skin === 'number' && profile.faction_skin > 0) return profile.faction_skin;
  return profile.activeSkin?.skinId ?? null;
}

export function toProfileView(profile: PlayerProfile, adminUrl: string | null): ProfileView {
  return {
    id: profile.id,
    username: profile.username,
    prestige: profile.prestige,
    level: profile.level,
    moneyText: formatMoney(profile.money),
    age: profile.age,
    gender: genderLabel(profile.sex),
    exp: profile.exp,
    expMax: LIMITS.expMax,
    hunger: Math.round(percentOf(profile.hunger, LIMITS.hungerMax)),
    thirst: Math.round(percentOf(profile.thirst, LIMITS.thirstMax)),
    avatarSkinId: avatarSkinOf(profile),
    movement: movementTotals(profile.movementStats),
    adminUrl,
  };
}

export function toAchievementsView(
  catalogue: readonly Achievement[],
  owned: readonly AchievementRefTree[],
): AchievementsView {
  const ownedIds = new Set(flattenNested<{ id: number }>(owned).map((a) => a.id));
  const items = catalogue.map((a) => ({
    id: a.id,
    name: a.name,
    description: a.description,
    exp: a.exp,
    money: a.money,
    achieved: ownedIds.has(a.id),
  }));
  return { achieved: items.filter((a) => a.achieved).length, total: items.length, items };
}

export function toCouponsView(coupons: readonly { name: string; time: number }[], nowMs: number) {
  return coupons.map((c) => ({
    name: c.name,
    time: c.time,
    available: isCouponAvailable(c.time, nowMs),
    status: couponStatus(c.time, nowMs),
  }));
}

export function toInventoryView(items: readonly { type: number; value: number }[]) {
  return sumInventory(items).map(({ type, value }) => ({ type, name: itemName(type), quantity: value }));
}

export function toLicensesView(owned: readonly { licenseId: number }[]) {
  return licenseStates(owned).map((l) => ({
    ...l,
    status: l.owned ? LICENSE_STATUS.present : LICENSE_STATUS.missing,
  }));
}

export function toBankAccountsView(
  accounts: readonly { bankId: number; balance: number; disabled: boolean }[],
) {
  return accounts.map((a) => ({
    bankId: a.bankId,
    bank: bankName(a.bankId),
    accountType: accountType(a.bankId),
    balanceText: formatMoney(a.balance),
    disabled: a.disabled,
    status: a.disabled ? ACCOUNT_STATUS.disabled : ACCOUNT_STATUS.active,
  }));
}

export function toWeaponSkillsView(skills: WeaponSkills) {
  return WEAPON_CATEGORIES.map(({ key, name }) => {
    const value = skills[key];
    return {
      key,
      name,
      value,
      max: LIMITS.weaponSkillMax,
      percent: percentOf(value, LIMITS.weaponSkillMax),
      expert: isExpert(value),
    };
  });
}

export function toSkinsView(skins: readonly { skinId: number }[]) {
  return skins.map((s) => ({ skinId: s.skinId, name: `Skin ${s.skinId}` }));
}

/** Specification §3: the skill id indexes the fixed ten-name list; the game API's own name is not shown. */
export function toSkillsView(skills: readonly { id: number; level: number }[]) {
  return [...skills]
    .sort((a, b) => a.id - b.id)
    .map((s) => ({ id: s.id, name: skillName(s.id), level: s.level }));
}

export function toVehicleView(vehicle: Vehicle, types: ReadonlyMap<number, VehicleType>): VehicleView {
  return { ...vehicle, type: types.get(vehicle.typeId) ?? null };
}
