import { placeholderPaths } from '@nova/domain';
import { publicConfig } from './public-config';

/** Image URLs by the spec's path conventions (specification §9.12) under ASSET_BASE_URL. */
const base = publicConfig.assetBaseUrl;
const at = (path: string) => `${base}${path}`;

export const assets = {
  logo: at('logo.png'),
  hero: at('hero.jpg'),
  skill: (id: number) => at(`skills/${id}.png`),
  license: (id: number) => at(`licenses/${id}.png`),
  bank: (id: number) => at(`banks/${id}.png`),
  skin: (skinId: number) => at(`skins/${skinId}.png`),
  avatar: (skinId: number) => at(`skins-avatar/${skinId}.png`),
  /** With the vehicle type's class, so the BFF can answer a missing picture with the class's. */
  vehicle: (typeId: number, vehtype?: number | null) =>
    at(`vehicles/${typeId}.jpg${typeof vehtype === 'number' ? `?klasse=${vehtype}` : ''}`),
  item: (type: number) => at(`inventory/${type}.png`),
  achievement: (id: number) => at(`achievements/${id}.png`),
  placeholder: {
    skin: at('placeholders/skin.png'),
    avatar: at('placeholders/avatar.png'),
    vehicle: at('placeholders/vehicle.jpg'),
    item: at('placeholders/item.png'),
    achievement: at('placeholders/achievement.png'),
    /** Distinct neutral pictures: by item kind, vehicle class, skin variant. */
    itemFor: (type: number) => at(placeholderPaths.item(type)),
    vehicleFor: (vehtype: number | null | undefined) => at(placeholderPaths.vehicle(vehtype)),
    skinFor: (skinId: number) => at(placeholderPaths.skin(skinId)),
    avatarFor: (skinId: number) => at(placeholderPaths.avatar(skinId)),
  },
} as const;
