/**
 * One valid create body per catalogue, shared by the tests that need one (the simulator's round
 * trip, the BFF's procedures, the input ranges). Its type asks for every catalogue of the registry,
 * with exactly its fields, so a new catalogue does not compile until it has a sample. Tests only:
 * imported as `@nova/contracts/samples`, never from the package's index.
 */
import type { CatalogueKey } from '@nova/domain';
import type { CatalogueInput } from './catalogues';

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
