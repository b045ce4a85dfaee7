/** Entity types of the game API, inferred from @nova/contracts where it exports only the schema. */
import type * as api from '@nova/contracts';
import type { z } from 'zod';

export type Skill = z.infer<typeof api.Skill>;
export type PlayerSkin = z.infer<typeof api.PlayerSkin>;
export type Coupon = z.infer<typeof api.Coupon>;
export type InventoryItem = z.infer<typeof api.InventoryItem>;
export type License = z.infer<typeof api.License>;
export type BankAccount = z.infer<typeof api.BankAccount>;
export type ExternalAccount = z.infer<typeof api.ExternalAccount>;
export type SyncObject = z.infer<typeof api.SyncObject>;
export type SyncGroup = z.infer<typeof api.SyncGroup>;
export type ServerSkin = z.infer<typeof api.ServerSkin>;
export type RadioStation = z.infer<typeof api.RadioStation>;
export type WantedReason = z.infer<typeof api.WantedReason>;
export type Platform = z.infer<typeof api.Platform>;
