import { LIMITS } from './limits';

/** Specification §3.5: the profile's movement statistics. */
export interface MovementStats {
  dist_walking: number;
  dist_running: number;
  dist_sprinting: number;
  dist_crouching: number;
  dist_swimming: number;
  dist_underwater: number;
  dist_driving: number;
  dist_air: number;
}

export interface MovementTotals {
  ground: number;
  water: number;
  driving: number;
  air: number;
}

export const MOVEMENT_LABELS: Readonly<Record<keyof MovementTotals, string>> = {
  ground: 'Zu Fuß',
  water: 'Im Wasser',
  driving: 'Mit dem Fahrzeug',
  air: 'In der Luft',
};

/** Specification §3.5: totals ground, water, driving and air in units of 10000, rounded to 2 decimals. */
export function movementTotals(stats: MovementStats): MovementTotals {
  const unit = (sum: number) => Math.round((sum / LIMITS.movementUnit) * 100) / 100;
  return {
    ground: unit(stats.dist_walking + stats.dist_running + stats.dist_sprinting + stats.dist_crouching),
    water: unit(stats.dist_swimming + stats.dist_underwater),
    driving: unit(stats.dist_driving),
    air: unit(stats.dist_air),
  };
}
