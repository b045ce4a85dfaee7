/**
 * One data export's work (decision 101): the steps it has not done yet, each kept in the job table
 * as soon as it is done, so that a job taken over after a restart goes on where it stopped. The game
 * areas are read through the player router, as the person's own screens read them, with the token
 * of the browser session that asked for the export.
 */
import { SIGN_IN_METHODS } from '@nova/domain';
import { TRPCError } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditLog } from '../audit/log';
import { SessionEndedError, type TokenService } from '../auth/token-service';
import type { GameApiClient } from '../game-api/client';
import { describeUserAgent } from '../session/account-sessions';
import type { SessionStore } from '../session/types';
import type { DiscordNames } from '../sync/discord-names';
import { listAccounts } from '../sync/external-accounts';
import { EXPORT_STEPS, GAME_AREAS, LINKED_AREA, SESSIONS_AREA } from './areas';
import { writeArchive } from './archive';
import type { ExportRow, ExportStore } from './export-store';

export const SESSION_GONE =
  'Deine Anmeldung ist abgelaufen, bevor die Spieldaten gelesen waren. Bitte fordere den Export erneut an.';
export const GAME_API_AWAY =
  'Die Spieldaten konnten gerade nicht gelesen werden. Bitte fordere den Export später erneut an.';
export const EXPORT_BROKEN = 'Der Export konnte nicht erstellt werden. Bitte fordere ihn erneut an.';

/** Ends a job for good with a German reason. */
export class ExportFailure extends Error {
  override name = 'ExportFailure';
}

/** A passing fault (the game API away): the job is tried again later. */
export class ExportRetry extends Error {
  override name = 'ExportRetry';
}

/** A player screen's procedure, by its name in the player router. */
export type GameAreaProcedure = (typeof GAME_AREAS)[number]['procedure'];

/**
 * Reads one player screen's data as the person would see it: through the player router's own
 * procedure, so its policy and mapping apply (made in the HTTP layer, routers/player-reader.ts).
 */
export type PlayerReader = (
  person: { id: string; name: string },
  accessToken: () => Promise<string>,
  procedure: GameAreaProcedure,
) => Promise<unknown>;

export interface ExportDeps {
  store: ExportStore;
  sessions: SessionStore;
  tokens: TokenService;
  gameApi: GameApiClient;
  readPlayer: PlayerReader;
  audit: AuditLog;
  discordNames: DiscordNames;
  log: FastifyBaseLogger;
  now: () => number;
  validHours: number;
}

interface Running {
  row: ExportRow;
  owner: string;
  /** False once the lease is lost or the runner stops: the job leaves the rest to its next holder. */
  active: () => boolean;
}

async function sessionToken(deps: ExportDeps, key: string | null): Promise<string> {
  const record = key ? await deps.sessions.get(key) : null;
  if (!key || !record) throw new ExportFailure(SESSION_GONE);
  try {
    return await deps.tokens.accessToken(key, record.auth);
  } catch (error) {
    if (error instanceof SessionEndedError) throw new ExportFailure(SESSION_GONE, { cause: error });
    throw new ExportRetry('the token could not be refreshed', { cause: error });
  }
}

async function gameArea(deps: ExportDeps, row: ExportRow, procedure: GameAreaProcedure) {
  let token: Promise<string> | undefined;
  try {
    return await deps.readPlayer(
      { id: row.person_id, name: row.person_name },
      () => (token ??= sessionToken(deps, row.session_key)),
      procedure,
    );
  } catch (error) {
    if (error instanceof ExportFailure) throw error;
    if (error instanceof TRPCError && error.cause instanceof ExportFailure) throw error.cause;
    throw new ExportRetry(`game area ${procedure} unavailable`, { cause: error });
  }
}

async function linkedAccounts(deps: ExportDeps, row: ExportRow) {
  let accounts;
  try {
    const token = await sessionToken(deps, row.session_key);
    accounts = await listAccounts({
      gameApi: deps.gameApi.forRequest(deps.log),
      userId: row.person_id,
      token,
    });
  } catch (error) {
    if (error instanceof ExportFailure) throw error;
    throw new ExportRetry('linked accounts unavailable', { cause: error });
  }
  return Promise.all(
    accounts.map(async (account) => ({
      plattform: account.plattform,
      externalId: account.externalId,
      ...(account.plattform === 'discord'
        ? { name: await deps.discordNames.nameOf(row.person_id, account.externalId).catch(() => null) }
        : {}),
    })),
  );
}

async function ownSessions(deps: ExportDeps, row: ExportRow) {
  const sessions = await deps.sessions.listByUser(row.person_id);
  return sessions.map(({ record }) => ({
    ...describeUserAgent(record.userAgent),
    ip: record.ip ?? null,
    anmeldeverfahren: record.signInMethod ? SIGN_IN_METHODS[record.signInMethod] : null,
    angemeldetSeit: new Date(record.createdAt).toISOString(),
    zuletztAktiv: new Date(record.lastSeenAt).toISOString(),
  }));
}

/** The collecting steps, in order: file name and how to get it. */
function steps(deps: ExportDeps, row: ExportRow): [string, () => Promise<unknown>][] {
  return [
    ...GAME_AREAS.map(
      (area) => [area.file, () => gameArea(deps, row, area.procedure)] as [string, () => Promise<unknown>],
    ),
    [LINKED_AREA.file, () => linkedAccounts(deps, row)],
    [SESSIONS_AREA.file, () => ownSessions(deps, row)],
  ];
}

/**
 * Runs what is left of a job; true when it finished, false when it stopped because the lease was
 * lost or the runner stops. Throws ExportFailure or ExportRetry.
 */
export async function runExport(deps: ExportDeps, job: Running): Promise<boolean> {
  const { row, owner } = job;
  const parts = await deps.store.parts(row.id);
  let done = [...parts.keys()].filter((file) => file !== 'konto').length;
  for (const [file, collect] of steps(deps, row)) {
    if (parts.has(file)) continue;
    if (!job.active()) return false;
    const body = await collect();
    done++;
    if (!(await deps.store.savePart(row.id, owner, file, body, done))) return false;
    parts.set(file, body);
  }
  await deps.store.forgetSession(row.id);
  if (!job.active()) return false;

  // The archive is written whole each time: a half-written one from a died instance goes first.
  await deps.store.clearChunks(row.id);
  const size = await writeArchive({
    personId: row.person_id,
    personName: row.person_name,
    createdAt: row.created_at,
    validHours: deps.validHours,
    parts,
    audit: deps.audit,
    write: async (seq, chunk) => {
      if (!job.active()) throw new Error('the export lease was lost');
      await deps.store.saveChunk(row.id, seq, chunk);
    },
  });
  const expiresAt = new Date(deps.now() + deps.validHours * 3_600_000);
  return deps.store.finish(row.id, owner, size, EXPORT_STEPS, expiresAt);
}
