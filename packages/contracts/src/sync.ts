/**
 * tRPC inputs and outputs of account synchronisation and the sync manager (specification §3.16, §5, §7),
 * shared by the BFF procedures and the SPA's forms.
 */
import { LINKABLE_PLATFORMS } from '@nova/domain';
import { z } from 'zod';
import { SyncGroup, SyncGroupInput, SyncObject, SyncObjectInput } from './game-api';
import { createInputOf, removeInputOf, updateInputOf } from './writes';

export const LinkablePlatform = z.enum(LINKABLE_PLATFORMS, { error: 'Bitte wähle eine Plattform' });

/** Unlink and sync name only the platform: the account is always the signed-in player's own. */
export const PlatformInput = z.strictObject({ plattform: LinkablePlatform });

/** Specification §5.3: the identity is required; its shape is the game API's to judge (404 when unknown). */
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

/**
 * What a sync object's external id is on each platform: a Discord role id is a snowflake (15–20
 * digits); a Teamspeak sync object maps a server group, whose id is a whole number (the unique
 * identity of a Teamspeak *user* is a different thing, linked on the sync page). The forum has no
 * format yet.
 */
export const DISCORD_ROLE_ID = /^[1-9]\d{14,19}$/;
export const TEAMSPEAK_SERVER_GROUP_ID = /^[1-9]\d{0,9}$/;
export const EXTERNAL_ID_MESSAGES = {
  discord: 'Eine Discord-ID besteht aus 15 bis 20 Ziffern.',
  teamspeak: 'Eine Teamspeak-Servergruppen-ID ist eine ganze Zahl, z. B. 6.',
} as const;

export const SyncObjectForm = SyncObjectInput.superRefine((values, ctx) => {
  const format =
    values.plattform === 'discord'
      ? DISCORD_ROLE_ID
      : values.plattform === 'teamspeak'
        ? TEAMSPEAK_SERVER_GROUP_ID
        : null;
  if (format && !format.test(values.externalId)) {
    ctx.addIssue({
      code: 'custom',
      path: ['externalId'],
      message: EXTERNAL_ID_MESSAGES[values.plattform as 'discord' | 'teamspeak'],
    });
  }
});
export type SyncObjectForm = z.input<typeof SyncObjectForm>;

/**
 * A Keycloak group as Keycloak's group mapper names it: the group's name ("pruefteam") or the path
 * of names from its top group ("/team/admin"). Refused: a path without its leading "/", empty
 * segments ("//", a "/" at the end), "." and ".." (a path that climbs, such as "/../admin"), a
 * segment beginning or ending with a space, control and bidi characters (text that displays other
 * than it reads). The BFF applies it to a value the write changes only (sync/integrity.ts): a stored
 * value that is older than the rule does not block saving the group's other fields.
 */
export const KEYCLOAK_GROUP_MESSAGES = {
  hidden:
    'Die Keycloak Gruppe enthält unsichtbare Steuer- oder Richtungszeichen. Bitte gib sie ohne diese Zeichen ein.',
  relative:
    'Ein Pfad beginnt mit „/“, z. B. /team/admin – oder gib nur den Gruppennamen an, z. B. pruefteam.',
  empty:
    'Der Pfad hat einen leeren Abschnitt. Schreibe ihn ohne „//“ und ohne „/“ am Ende, z. B. /team/admin.',
  dots: '„.“ und „..“ sind keine Gruppennamen. Gib den Pfad der Gruppe von oben an, z. B. /team/admin.',
  spaces: 'Ein Gruppenname beginnt und endet nicht mit einem Leerzeichen, auch nicht im Pfad.',
} as const;

// C0 and C1 controls, and the bidi marks, embeddings, overrides and isolates (Unicode UAX #9).
const CONTROL_OR_BIDI = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Why `value` (trimmed, not empty) is no Keycloak group name or path; null when it is one. */
export function keycloakGroupProblem(value: string): string | null {
  if (CONTROL_OR_BIDI.test(value)) return KEYCLOAK_GROUP_MESSAGES.hidden;
  const path = value.startsWith('/');
  if (!path && value.includes('/')) return KEYCLOAK_GROUP_MESSAGES.relative;
  const segments = path ? value.slice(1).split('/') : [value];
  if (segments.some((segment) => segment === '')) return KEYCLOAK_GROUP_MESSAGES.empty;
  if (segments.some((segment) => segment === '.' || segment === '..')) return KEYCLOAK_GROUP_MESSAGES.dots;
  if (segments.some((segment) => segment.trim() !== segment)) return KEYCLOAK_GROUP_MESSAGES.spaces;
  return null;
}

/** The group's values; the Keycloak group's format is checked where the stored value is known. */
export const SyncGroupForm = SyncGroupInput.extend({
  keycloakName: z.string().trim().max(200, 'Höchstens 200 Zeichen').nullish(),
});
export type SyncGroupForm = z.input<typeof SyncGroupForm>;

export const SyncObjectCreateInput = createInputOf(SyncObjectForm);
export const SyncObjectUpdateInput = updateInputOf(SyncId, SyncObjectForm, SyncObject);
export const SyncObjectRemoveInput = removeInputOf(SyncId, SyncObject);
export const SyncGroupCreateInput = createInputOf(SyncGroupForm);
export const SyncGroupUpdateInput = updateInputOf(SyncId, SyncGroupForm, SyncGroup);
export const SyncGroupRemoveInput = removeInputOf(SyncId, SyncGroup);
