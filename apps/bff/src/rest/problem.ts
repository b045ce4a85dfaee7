/**
 * Errors of `/api` as Problem Details (RFC 9457, `application/problem+json`): a German `title` per
 * status, the same German `detail` the SPA shows, field errors by JSON pointer (RFC 6901) into the
 * body (or by name for query parameters), and the write spine's reason as an extension member.
 */
import { ERROR_MESSAGES } from '@nova/domain';
import { BODY_KEY, type WriteConflict } from '@nova/contracts';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyReply } from 'fastify';
import { GameApiError } from '../game-api/errors';
import { MALFORMED_JSON } from '../trpc/input-hygiene';
import { fieldErrorsOfError } from '../trpc/errors';
import { conflictOf, missingScopeOf, reasonOf } from '../kinds/errors';

export const PROBLEM_TYPE = 'application/problem+json';

export const UNAUTHORIZED_DETAIL =
  'Bitte sende ein gültiges Zugriffstoken als „Authorization: Bearer …“. Ein Sitzungs-Cookie der Website gilt hier nicht.';

/** `type` URIs of the problems a client may act on; every other problem is `about:blank`. */
export const PROBLEM_TYPES = {
  conflict: 'urn:nova:problem:conflict',
  preconditionRequired: 'urn:nova:problem:precondition-required',
  invalidPrecondition: 'urn:nova:problem:invalid-precondition',
  missingScope: 'urn:nova:problem:missing-scope',
  stepUp: 'urn:nova:problem:step-up-required',
  validation: 'urn:nova:problem:validation',
  outcome: 'urn:nova:problem:outcome-unknown',
  inProgress: 'urn:nova:problem:in-progress',
  bearerOnly: 'urn:nova:problem:bearer-only',
} as const;

const TITLES: Readonly<Record<number, string>> = {
  400: 'Ungültige Anfrage',
  401: 'Nicht angemeldet',
  403: 'Keine Berechtigung',
  404: 'Nicht gefunden',
  405: 'Methode nicht erlaubt',
  409: 'Konflikt',
  412: 'Die Zeile hat sich geändert',
  413: 'Anfrage zu groß',
  415: 'Falscher Inhaltstyp',
  428: 'If-Match fehlt',
  429: 'Zu viele Anfragen',
  500: 'Interner Fehler',
  502: 'Fehler des Spielservers',
  503: 'Dienst nicht erreichbar',
  504: 'Keine Antwort des Spielservers',
};

export const titleOf = (status: number): string =>
  TITLES[status] ?? (status >= 500 ? 'Interner Fehler' : 'Ungültige Anfrage');

export interface FieldProblem {
  /** JSON pointer into the body; absent for a query parameter. */
  pointer?: string;
  /** The query parameter's name. */
  parameter?: string;
  detail: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  errors?: FieldProblem[];
  /** The write spine's or the policy's reason (`changed`, `deleted`, `STEP_UP_REQUIRED`, …). */
  reason?: string;
  /** The scope a machine client's token lacks. */
  scope?: string;
  /** 412: the row as it is now (null: deleted) and who changed it last. */
  current?: unknown;
  changedBy?: WriteConflict['changedBy'];
  [extension: string]: unknown;
}

export function problem(status: number, detail: string, extra: Partial<Problem> = {}): Problem {
  return { type: 'about:blank', title: titleOf(status), status, detail, ...extra };
}

/** `a.b.0` (the field errors' key) → `/a/b/0`; the whole body is the empty pointer. */
export function pointerOf(field: string): string {
  if (field === BODY_KEY) return '';
  return field
    .split('.')
    .map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('');
}

const TYPE_OF_REASON: Readonly<Record<string, string>> = {
  STEP_UP_REQUIRED: PROBLEM_TYPES.stepUp,
  MISSING_SCOPE: PROBLEM_TYPES.missingScope,
  'outcome-applied': PROBLEM_TYPES.outcome,
  'outcome-not-applied': PROBLEM_TYPES.outcome,
  'outcome-unknown': PROBLEM_TYPES.outcome,
  'in-progress': PROBLEM_TYPES.inProgress,
};

/**
 * A procedure's error as a problem; `inQuery`: its input came from query parameters. A conflict of
 * the write spine on a conditional write (changed or deleted since the ETag) is a failed
 * precondition: 412 with the row as it is now and who changed it.
 */
export function problemOfError(error: TRPCError, options: { inQuery?: boolean } = {}): Problem {
  const reason = reasonOf(error);
  const conflict = conflictOf(error);
  if (conflict && (reason === 'changed' || reason === 'deleted')) {
    const detail =
      reason === 'deleted'
        ? 'Die Zeile wurde inzwischen gelöscht. Es wurde nichts geändert.'
        : 'Die Zeile wurde seit deinem Abruf geändert. Es wurde nichts geändert: lies sie neu (ETag) und wende deine Änderung erneut an.';
    return problem(412, detail, {
      type: PROBLEM_TYPES.conflict,
      reason,
      current: conflict.current,
      changedBy: conflict.changedBy,
    });
  }
  const status = getHTTPStatusCodeFromError(error);
  const fields = fieldErrorsOfError(error);
  const malformed = error.code === 'PARSE_ERROR' || error.cause instanceof SyntaxError;
  let detail = error.message;
  if (error.code === 'INTERNAL_SERVER_ERROR') detail = ERROR_MESSAGES.GENERIC;
  else if (malformed) detail = MALFORMED_JSON;
  else if (fields && !(error.cause instanceof GameApiError)) detail = ERROR_MESSAGES.BAD_REQUEST;
  const extra: Partial<Problem> = {};
  if (fields) {
    extra.type = PROBLEM_TYPES.validation;
    extra.errors = Object.entries(fields).map(([field, message]) =>
      options.inQuery && field !== BODY_KEY
        ? { parameter: field, detail: message }
        : { pointer: pointerOf(field), detail: message },
    );
  }
  if (reason) {
    extra.reason = reason;
    const type = TYPE_OF_REASON[reason];
    if (type) extra.type = type;
  }
  const scope = missingScopeOf(error);
  if (scope !== null) extra.scope = scope;
  if (status === 401) return problem(401, UNAUTHORIZED_DETAIL, { ...extra, type: PROBLEM_TYPES.bearerOnly });
  return problem(status, detail, extra);
}

export function sendProblem(reply: FastifyReply, value: Problem) {
  wwwAuthenticate(reply, value);
  return reply.code(value.status).header('cache-control', 'no-store').type(PROBLEM_TYPE).send(value);
}

/** RFC 6750 §3: which token a 401 wants, and the scope a 403 lacks. */
export function wwwAuthenticate(reply: FastifyReply, value: Pick<Problem, 'status' | 'scope'>) {
  if (value.status === 401) reply.header('www-authenticate', 'Bearer realm="nova"');
  if (value.status === 403 && typeof value.scope === 'string')
    reply.header(
      'www-authenticate',
      `Bearer realm="nova", error="insufficient_scope", scope="${value.scope}"`,
    );
}

export function asTrpcError(error: unknown): TRPCError {
  if (error instanceof TRPCError) return error;
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
}
