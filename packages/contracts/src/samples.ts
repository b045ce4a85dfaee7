/**
 * Samples of the contract for tests, imported as `@nova/contracts/samples` (never from the package's
 * index): one valid create body per catalogue, and every game API path with placeholders for its ids.
 * Their types ask for every catalogue of the registry and every path function of `gameApiPaths`, so
 * a new one does not compile until it has its sample.
 */
import { CATALOGUE_KEYS, type CatalogueKey } from '@nova/domain';
import type { CatalogueInput } from './catalogues';
import { gameApiPaths } from './paths';

/**
 * One valid create body per catalogue, with exactly its fields (the simulator's round trip, the BFF's
 * procedures, the input ranges).
 */
export const CATALOGUE_SAMPLES: { readonly [K in CatalogueKey]: CatalogueInput<K> } = {
  achievements: { name: 'Angelkönig', description: 'Fange einen Marlin', exp: 250, money: 5000 },
  vehicleTypes: {
    trailer: 0,
    level: 5,
    tankvolume: 60,
    tankconsumption: 9.5,
    canelectric: 0,
    cangas: 1,
    tankclass: 0,
    vehvalue: 24000,
    vehtype: 0,
    trunkvolume: 25,
    enginestart: 2,
  },
  serverSkins: {
    skinId: 171,
    gender: 1,
    job: 3,
    faction: -1,
    gang: -1,
    wearhat: 0,
    wearmask: 1,
    expire: 1,
    expiration: 30,
    description: 'Kellnerin',
    blocked: 0,
    category: 2,
    season: 1,
  },
  serverRadios: {
    name: 'Hardstyle Nacht',
    url: 'https://radio.nova-legacy.example/hs.mp3',
    color: '#FF0055',
  },
  wantedReasons: { reason_name: 'Unerlaubtes Glücksspiel', points: 2, is_static: 0 },
};

/** The placeholder of a string id (a user id): one path segment. */
export const SAMPLE_SEGMENT = 'SEGMENT';
/** The placeholder of a number id (a row). */
export const SAMPLE_NUMBER = 2_147_483_646;

/** Every path of the contract, each path function called with the placeholders (and every catalogue). */
export const GAME_API_PATH_SAMPLES: { readonly [P in keyof typeof gameApiPaths]: readonly string[] } = {
  toplist: [gameApiPaths.toplist()],
  calendar: [gameApiPaths.calendar()],
  users: [gameApiPaths.users()],
  user: [gameApiPaths.user(SAMPLE_SEGMENT)],
  profile: [gameApiPaths.profile(SAMPLE_SEGMENT)],
  skills: [gameApiPaths.skills(SAMPLE_SEGMENT)],
  skins: [gameApiPaths.skins(SAMPLE_SEGMENT)],
  playerAchievements: [gameApiPaths.playerAchievements(SAMPLE_SEGMENT)],
  coupons: [gameApiPaths.coupons(SAMPLE_SEGMENT)],
  inventory: [gameApiPaths.inventory(SAMPLE_SEGMENT)],
  licenses: [gameApiPaths.licenses(SAMPLE_SEGMENT)],
  bankAccounts: [gameApiPaths.bankAccounts(SAMPLE_SEGMENT)],
  weaponSkills: [gameApiPaths.weaponSkills(SAMPLE_SEGMENT)],
  vehicles: [gameApiPaths.vehicles(SAMPLE_SEGMENT)],
  externalAccounts: [gameApiPaths.externalAccounts(SAMPLE_SEGMENT)],
  externalAccount: [gameApiPaths.externalAccount(SAMPLE_SEGMENT, SAMPLE_NUMBER)],
  externalAccountsSync: [gameApiPaths.externalAccountsSync(SAMPLE_SEGMENT)],
  syncObjects: [gameApiPaths.syncObjects()],
  syncObject: [gameApiPaths.syncObject(SAMPLE_NUMBER)],
  syncGroups: [gameApiPaths.syncGroups()],
  syncGroup: [gameApiPaths.syncGroup(SAMPLE_NUMBER)],
  catalogue: CATALOGUE_KEYS.map((key) => gameApiPaths.catalogue(key)),
  catalogueItem: CATALOGUE_KEYS.map((key) => gameApiPaths.catalogueItem(key, SAMPLE_NUMBER)),
};
