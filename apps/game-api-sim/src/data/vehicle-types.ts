/** Vehicle types of the vehicle manager (doc 2 §3); player vehicles refer to them by `typeId`. */
import type { VehicleType } from '@nova/contracts';

type VehicleTypeRow = [
  id: number,
  trailer: 0 | 1,
  level: number,
  tankvolume: number,
  tankconsumption: number,
  canelectric: 0 | 1,
  cangas: number,
  tankclass: number,
  vehvalue: number,
  vehtype: number,
  trunkvolume: number,
  enginestart: number,
];

/**
 * Ids are SA-MP vehicle model ids (400–611), so the images `vehicles/{id}.jpg` can be the model's.
 * tankclass: 0 Benzin, 1 Diesel, 2 Kerosin; vehtype: 0 Pkw, 1 Motorrad, 2 Nutzfahrzeug, 3 Boot,
 * 4 Helikopter, 5 Anhänger; tankconsumption in litres per 100 km; enginestart in seconds.
 */
const vehicleTypeRows: VehicleTypeRow[] = [
  [400, 0, 3, 80, 12.5, 0, 1, 0, 38000, 0, 40, 2],
  [401, 0, 1, 50, 7.5, 0, 1, 0, 9000, 0, 20, 2],
  [402, 0, 8, 70, 14, 0, 0, 0, 65000, 0, 20, 1],
  [405, 0, 4, 65, 9.8, 0, 1, 0, 32000, 0, 30, 2],
  [410, 0, 1, 40, 6.2, 0, 1, 0, 6500, 0, 15, 3],
  [411, 0, 20, 75, 18.5, 0, 0, 0, 450000, 0, 5, 1],
  [415, 0, 15, 70, 16, 0, 0, 0, 280000, 0, 5, 1],
  [418, 0, 2, 75, 11, 0, 1, 1, 12000, 0, 60, 3],
  [422, 0, 2, 70, 12, 0, 1, 1, 14500, 2, 80, 2],
  [429, 0, 12, 60, 15, 0, 0, 0, 180000, 0, 5, 1],
  [445, 0, 5, 65, 10, 0, 1, 0, 42000, 0, 35, 2],
  [451, 0, 18, 75, 17.5, 0, 0, 0, 390000, 0, 5, 1],
  [452, 0, 8, 150, 30, 0, 0, 0, 140000, 3, 10, 2],
  [461, 0, 4, 18, 5.5, 0, 0, 0, 22000, 1, 0, 1],
  [462, 0, 1, 8, 2.5, 1, 0, 0, 2500, 1, 0, 1],
  [468, 0, 3, 12, 4.5, 0, 0, 0, 12000, 1, 0, 1],
  [477, 0, 10, 65, 13.5, 0, 0, 0, 120000, 0, 10, 1],
  [482, 0, 3, 80, 12.8, 0, 1, 1, 28000, 2, 120, 2],
  [487, 0, 25, 400, 65, 0, 0, 2, 850000, 4, 10, 5],
  [492, 0, 1, 60, 10.5, 0, 1, 0, 8000, 0, 30, 3],
  [541, 0, 16, 70, 16.5, 0, 0, 0, 320000, 0, 5, 1],
  [560, 0, 9, 60, 11, 0, 0, 0, 85000, 0, 25, 1],
  [562, 0, 9, 60, 12, 0, 0, 0, 78000, 0, 15, 1],
  [579, 0, 7, 90, 14.5, 0, 1, 1, 68000, 0, 45, 2],
  [603, 0, 11, 65, 15.5, 0, 0, 0, 95000, 0, 10, 2],
  [435, 1, 5, 0, 0, 0, 0, 0, 25000, 5, 400, 0],
];

export const VEHICLE_TYPES: VehicleType[] = vehicleTypeRows.map(
  ([
    id,
    trailer,
    level,
    tankvolume,
    tankconsumption,
    canelectric,
    cangas,
    tankclass,
    vehvalue,
    vehtype,
    trunkvolume,
    enginestart,
  ]) => ({
    id,
    trailer,
    level,
    tankvolume,
    tankconsumption,
    canelectric,
    cangas,
    tankclass,
    vehvalue,
    vehtype,
    trunkvolume,
    enginestart,
  }),
);

/** Vehicle types a player can own and drive on their own (no trailers). */
export const OWNABLE_VEHICLE_TYPE_IDS = VEHICLE_TYPES.filter((t) => t.trailer === 0).map((t) => t.id);
