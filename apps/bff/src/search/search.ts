/**
 * The Control Panel's search (decision 091): each group the caller may see (SEARCH_POLICY) searched
 * at once, through what its screen reads — the game API's user list, the catalogue and sync lists
 * with the caller's token, the audit log through its own filter. A group that fails says so; the
 * others still answer. Every hit carries the address of its page or editor.
 */
import {
  Users,
  catalogues,
  gameApiPaths as paths,
  type SearchGroup,
  type SearchHit,
  type User,
} from '@nova/contracts';
import {
  CATALOGUE_EDIT_PARAM,
  CATALOGUES,
  PLATFORM_LABELS,
  ROUTES,
  SEARCH_GROUP_KEYS,
  SEARCH_LIMITS,
  SEARCH_POLICY,
  auditSentence,
  auditSentenceText,
  cataloguePath,
  decide,
  displayNameOf,
  searchGroupLabel,
  searchMatches,
  searchWords,
  vehicleModelName,
  type CatalogueField,
  type CatalogueKey,
  type SearchGroupKey,
} from '@nova/domain';
import { LRUCache } from 'lru-cache';
import type { AuditLog } from '../audit/log';
import type { GameApiClient } from '../game-api/client';
import { syncGroups, syncObjects } from '../sync/sync-manager';
import type { Principal } from '../kinds/principal';

export interface SearchContext {
  principal: Principal;
  accessToken: () => Promise<string>;
  gameApi: GameApiClient;
  audit?: AuditLog | undefined;
  log: { warn: (details: object, message: string) => void };
}

/** One search: the context with the caller's token, asked once (a failed refresh ends the call). */
interface Call extends SearchContext {
  token: string;
}

interface Found {
  hits: SearchHit[];
  more: boolean;
}

/** The first `perGroup` of the matching rows, and whether there were more. */
function firstOf<T>(rows: readonly T[], matches: (row: T) => boolean, hit: (row: T) => SearchHit): Found {
  const found: SearchHit[] = [];
  for (const row of rows) {
    if (!matches(row)) continue;
    if (found.length === SEARCH_LIMITS.perGroup) return { hits: found, more: true };
    found.push(hit(row));
  }
  return { hits: found, more: false };
}

const withParams = (path: string, params: Record<string, string>) =>
  `${path}?${new URLSearchParams(params).toString()}`;

/**
 * The game API's user list per caller (its answer may depend on the token), kept briefly: typing a
 * name asks once, not per keystroke. Bounded by the users held in all (a longer list is not kept),
 * one cache per game API client, so per app.
 */
type UserCache = LRUCache<string, User[], string>;
const userCaches = new WeakMap<GameApiClient, UserCache>();

function userCacheOf(gameApi: GameApiClient): UserCache {
  let cache = userCaches.get(gameApi);
  if (!cache) {
    cache = new LRUCache<string, User[], string>({
      ttl: SEARCH_LIMITS.userListTtlMs,
      maxSize: SEARCH_LIMITS.userListMaxUsers,
      sizeCalculation: (users) => Math.max(1, users.length),
      fetchMethod: (_caller, _stale, { context: token }) => gameApi.get(paths.users(), Users, { token }),
    });
    userCaches.set(gameApi, cache);
  }
  return cache;
}

/** The profile of a player as seen by someone else (the route table's `user/{userId}`). */
const profilePath = (userId: string) => `${ROUTES.user.path}/${encodeURIComponent(userId)}`;

async function players(ctx: Call, words: string[]): Promise<Found> {
  const users = await userCacheOf(ctx.gameApi).fetch(ctx.principal.userId, {
    context: ctx.token,
  });
  return firstOf(
    users ?? [],
    (user) =>
      searchMatches(words, [displayNameOf(user.username, user.attributes?.customname), user.username]),
    (user) => {
      const name = displayNameOf(user.username, user.attributes?.customname);
      return {
        id: user.id,
        title: name,
        detail: name === user.username ? null : user.username,
        href: profilePath(user.id),
        at: null,
      };
    },
  );
}

/** The names a catalogue row is found by: its text fields and, for a vehicle type, the model's name. */
function rowNames(key: CatalogueKey, row: Record<string, unknown>): string[] {
  const names: string[] = [];
  const fields: readonly CatalogueField[] = CATALOGUES[key].fields;
  for (const field of fields) {
    const value = row[field.name];
    if (field.kind === 'text' && typeof value === 'string') names.push(value);
    if (field.shows === 'vehicle-model' && typeof value === 'number')
      names.push(vehicleModelName(value) ?? '');
  }
  return names;
}

async function catalogueRows(ctx: Call, key: CatalogueKey, words: string[], text: string) {
  const rows: Record<string, unknown>[] = await ctx.gameApi.get(paths.catalogue(key), catalogues[key].list, {
    token: ctx.token,
  });
  const { entity } = CATALOGUES[key];
  const found = firstOf(
    rows,
    (row) => searchMatches(words, rowNames(key, row), [String(row.id)]),
    (row) => {
      const id = String(row.id);
      const name = rowNames(key, row).find(Boolean);
      return {
        id,
        title: name ?? `${entity} ${id}`,
        detail: `${entity} Nr. ${id}`,
        href: withParams(cataloguePath(key), { [CATALOGUE_EDIT_PARAM]: id }),
        at: null,
      };
    },
  );
  return { ...found, moreHref: withParams(cataloguePath(key), { suche: text }) };
}

const syncManagerAt = (tab: 'objects' | 'groups', search: string) =>
  withParams(ROUTES.syncManager.path, {
    tab,
    [tab === 'objects' ? 'objekte-suche' : 'gruppen-suche']: search,
  });

async function syncObjectRows(ctx: Call, words: string[], text: string) {
  const rows = await syncObjects.list({ gameApi: ctx.gameApi, token: ctx.token });
  const found = firstOf(
    rows,
    (row) => searchMatches(words, [row.description, row.externalId], [String(row.id)]),
    (row) => ({
      id: String(row.id),
      title: row.description,
      detail: `${PLATFORM_LABELS[row.plattform]} · ${row.externalId}`,
      href: syncManagerAt('objects', row.description),
      at: null,
    }),
  );
  return { ...found, moreHref: syncManagerAt('objects', text) };
}

async function syncGroupRows(ctx: Call, words: string[], text: string) {
  const rows = await syncGroups.list({ gameApi: ctx.gameApi, token: ctx.token });
  const found = firstOf(
    rows,
    (row) => searchMatches(words, [row.name, row.keycloakName], [String(row.id)]),
    (row) => ({
      id: String(row.id),
      title: row.name,
      detail: row.keycloakName ? `Keycloak: ${row.keycloakName}` : null,
      href: syncManagerAt('groups', row.name),
      at: null,
    }),
  );
  return { ...found, moreHref: syncManagerAt('groups', text) };
}

/** Through the audit log viewer's own word filter: what the search finds, the log then lists. */
async function auditEntries(ctx: Call, text: string) {
  if (!ctx.audit) throw new Error('no audit log');
  const { rows, total } = await ctx.audit.list(
    { target: text },
    { offset: 0, limit: SEARCH_LIMITS.perGroup },
  );
  const listed = withParams(ROUTES.auditLog.path, { ziel: text });
  return {
    hits: rows.map((record) => ({
      id: record.id,
      title: auditSentenceText(auditSentence(record)),
      detail: record.actorName,
      href: listed,
      at: record.at,
    })),
    more: total > rows.length,
    moreHref: listed,
  };
}

function searchGroup(ctx: Call, key: SearchGroupKey, text: string): Promise<Found & { moreHref?: string }> {
  const words = searchWords(text);
  if (key === 'players') return players(ctx, words);
  if (key === 'syncObjects') return syncObjectRows(ctx, words, text);
  if (key === 'syncGroups') return syncGroupRows(ctx, words, text);
  if (key === 'audit') return auditEntries(ctx, text);
  return catalogueRows(ctx, key, words, text);
}

/** The groups the policy grants the caller, in their order, each searched at once. */
export function searchGroupsFor(principal: Principal): SearchGroupKey[] {
  return SEARCH_GROUP_KEYS.filter((key) => decide(SEARCH_POLICY[key], principal) === 'allow');
}

export async function search(context: SearchContext, text: string): Promise<SearchGroup[]> {
  const groups = searchGroupsFor(context.principal);
  if (groups.length === 0) return [];
  const ctx: Call = { ...context, token: await context.accessToken() };
  return Promise.all(
    groups.map(async (key): Promise<SearchGroup> => {
      const label = searchGroupLabel(key);
      try {
        const { hits, more, moreHref } = await searchGroup(ctx, key, text);
        return { key, label, status: 'ok', hits, more, moreHref: moreHref ?? null };
      } catch (error) {
        ctx.log.warn({ err: error, group: key }, 'search group failed');
        return { key, label, status: 'failed', hits: [], more: false, moreHref: null };
      }
    }),
  );
}
