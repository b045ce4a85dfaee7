import type { Me, PublicConfig } from '@nova/contracts';

/** Where the BFF puts the public configuration for the server bundle (before importing it). */
export const SERVER_CONFIG = Symbol.for('nova.publicConfig');
type ServerGlobals = typeof globalThis & { [SERVER_CONFIG]?: unknown };

/**
 * Reads a JSON slot of index.html that the BFF filled (apps/bff/src/plugins/static-spa.ts). The BFF
 * validated it; a light shape check here keeps zod out of the public entry bundle.
 */
function readSlot(id: string): unknown {
  // Server rendering (src/entry-server.tsx): the BFF hands the public configuration over before it
  // loads the bundle; no page, no signed-in user at module level (the render gets those per request).
  if (typeof document === 'undefined') {
    return id === 'nova-config' ? ((globalThis as ServerGlobals)[SERVER_CONFIG] ?? null) : null;
  }
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Without a slot (Vite's dev server alone): the page's own origin stands for the site's. */
const FALLBACK: PublicConfig = {
  publicUrl: '',
  assetBaseUrl: '/images/',
  links: { forum: '#', discord: '#', teamspeak: '#', teamspeakDownload: '#', discordDownload: '#' },
  operator: {
    name: '',
    representative: '',
    street: '',
    postalCode: '',
    city: '',
    country: '',
    email: '',
    phone: null,
  },
  discordLinking: false,
  backgroundCredit: { text: 'Hintergrundbild', url: '#' },
  // The BFF's defaults (apps/bff/src/env.ts); the BFF always sends its configured values.
  retention: {
    sessionIdleMinutes: 30,
    sessionAbsoluteHours: 10,
    auditDays: 180,
    exportHours: 24,
    privacyRequestDays: 1095,
  },
};

function readConfig(): PublicConfig {
  const value = readSlot('nova-config');
  if (
    !isObject(value) ||
    typeof value.assetBaseUrl !== 'string' ||
    !isObject(value.links) ||
    !isObject(value.operator)
  ) {
    return FALLBACK;
  }
  return value as unknown as PublicConfig;
}

export const publicConfig: PublicConfig = readConfig();

/** The `nova-state` slot: the render time and the public queries the BFF rendered the page with. */
export function initialPageState(): unknown {
  return readSlot('nova-state');
}

/** The signed-in user as the BFF knew it when serving the page; null when unknown (dev server). */
export function initialMe(): Me | null {
  return parseMe(readSlot('nova-session'));
}

/** A `session.me` answer after a light shape check (no zod in the public entry); null when malformed. */
export function parseMe(value: unknown): Me | null {
  if (!isObject(value) || typeof value.signedIn !== 'boolean') return null;
  if (!value.signedIn) return { signedIn: false };
  const { id, username, displayName, roles } = value;
  if (typeof id !== 'string' || typeof username !== 'string' || typeof displayName !== 'string') return null;
  if (!Array.isArray(roles) || !roles.every((r) => typeof r === 'string')) return null;
  return { signedIn: true, id, username, displayName, roles };
}
