/**
 * The public configuration the BFF embeds into index.html for the SPA (no secrets): where images
 * come from, community links, the imprint's operator details.
 */
import { z } from 'zod';

export const Operator = z.object({
  name: z.string(),
  /** Person responsible for the content (§ 18 Abs. 2 MStV). */
  representative: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type Operator = z.infer<typeof Operator>;

export const PublicConfig = z.object({
  /**
   * The site's origin (PUBLIC_URL), for addresses that leave the browser, such as the calendar feed
   * to subscribe to: the server render knows it before any script runs.
   */
  publicUrl: z.string(),
  /** Base URL of the images, ending in "/" (`skins/{skinId}.png`, …). */
  assetBaseUrl: z.string(),
  links: z.object({
    forum: z.string(),
    discord: z.string(),
    teamspeak: z.string(),
    teamspeakDownload: z.string(),
    discordDownload: z.string(),
  }),
  operator: Operator,
  /** Whether the BFF can link Discord accounts (a Discord OAuth application is configured). */
  discordLinking: z.boolean(),
  backgroundCredit: z.object({ text: z.string(), url: z.string() }),
  /**
   * The retention the BFF enforces, so that the privacy policy states the configured values
   * (decision 102): sessions, the audit log, data exports and closed privacy requests.
   */
  retention: z.object({
    sessionIdleMinutes: z.number(),
    sessionAbsoluteHours: z.number(),
    auditDays: z.number(),
    exportHours: z.number(),
    privacyRequestDays: z.number(),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
