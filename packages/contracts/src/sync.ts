/**
 * tRPC inputs and outputs of account synchronisation and the sync manager (doc 2 §3, §5, §7),
 * shared by the BFF procedures and the SPA's forms.
 */
import { LINKABLE_PLATFORMS } from '@nova/domain';
import { z } from 'zod';
import { SyncGroup, SyncGroupInput, SyncObject, SyncObjectInput } from './game-api';
import { createInputOf, removeInputOf, updateInputOf } from './writes';

export const LinkablePlatform = z.enum(LINKABLE_PLATFORMS, { error: 'Bitte wähle eine Plattform' });

/** Unlink and sync name only the platform: the account is always the signed-in player's own. */
export const PlatformInput = z.strictObject({ plattform: LinkablePlatform });

/** Doc 2 §5: the identity is required; its shape is the game API's to judge (404 when unknown). */
export const TeamspeakIdentityForm = z.strictObject({
  identity: z.string().trim().min(1, 'Pflichtfeld').max(100),
});
export const TeamspeakLinkInput = z.strictObject({ values: TeamspeakIdentityForm });

/** `name`: the Discord name kept from the link (never a token); absent for other platforms. */
export const LinkedAccountView = z.object({
  id: z.number().int(),
  externalId: z.string(),
  name: z.string().nullable().optional(),
});
export type LinkedAccountView = z.infer<typeof LinkedAccountView>;

/** One entry per platform: the linked account or null. */
export const SyncStatusView = z.object({
  teamspeak: LinkedAccountView.nullable(),
  discord: LinkedAccountView.nullable(),
  forum: LinkedAccountView.nullable(),
});
export type SyncStatusView = z.infer<typeof SyncStatusView>;

/** Sync manager ids: one path segment, a positive whole number. */
export const SyncId = z.number().int().min(0).max(2_147_483_647);
export const SyncIdInput = z.strictObject({ id: SyncId });

export const SyncObjectForm = SyncObjectInput;
export type SyncObjectForm = z.input<typeof SyncObjectForm>;
export const SyncGroupForm = SyncGroupInput;
export type SyncGroupForm = z.input<typeof SyncGroupForm>;

export const SyncObjectCreateInput = createInputOf(SyncObjectForm);
export const SyncObjectUpdateInput = updateInputOf(SyncId, SyncObjectForm, SyncObject);
export const SyncObjectRemoveInput = removeInputOf(SyncId, SyncObject);
export const SyncGroupCreateInput = createInputOf(SyncGroupForm);
export const SyncGroupUpdateInput = updateInputOf(SyncId, SyncGroupForm, SyncGroup);
export const SyncGroupRemoveInput = removeInputOf(SyncId, SyncGroup);
