/**
 * Runs one REST operation: the procedure through tRPC's server-side caller (its middleware applies
 * the policy, input hygiene and upstream error mapping; its resolver the write spine), with HTTP's
 * headers mapped onto the spine's input and its answer onto HTTP's statuses and headers.
 * trpc-to-openapi's own adapter is not used: it sets `coerce` on the shared zod schemas it runs, which
 * would change the tRPC procedures' validation too (decision 080).
 */
import { IdempotencyKey } from '@nova/contracts';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { shortenIp } from '../audit/client-ip';
import type { AuditLog } from '../audit/log';
import { recordProcedureError } from '../audit/refusals';
import { appRouter } from '../routers';
import type { Context } from '../trpc/context';
import { createCallerFactory } from '../trpc/init';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, procedureDef } from './document';
import { parseIfMatch, rowEtag } from './etag';
import type { RestOperation } from './operations';
import { asTrpcError, problem, problemOfError, PROBLEM_TYPES, sendProblem, type Problem } from './problem';

const createCaller = createCallerFactory(appRouter);

type Call = (input?: unknown) => Promise<unknown>;

function procedureAt(caller: object, path: string): Call {
  let target: unknown = caller;
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  return target as Call;
}

export interface ExecuteDeps {
  context: (options: CreateFastifyContextOptions) => Context;
  audit: AuditLog;
  /** Seconds a 503 asks the client to wait (the game API's circuit cool-down). */
  retryAfterSeconds: number;
}

class HttpProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

const NOT_FOUND = () => problem(404, 'Diese Zeile gibt es nicht.');

function idOf(request: FastifyRequest, operation: RestOperation): number | string {
  const raw = (request.params as { id?: string }).id ?? '';
  if (operation.textIds) {
    if (!/^\d{1,18}$/.test(raw)) throw new HttpProblem(NOT_FOUND());
    return raw;
  }
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2_147_483_647) throw new HttpProblem(NOT_FOUND());
  return Number(raw);
}

/** The spine's `expected` row from `If-Match` (decision 080: the ETag carries the row). */
function expectedOf(request: FastifyRequest): unknown {
  const ifMatch = parseIfMatch(request.headers['if-match']);
  if (ifMatch.kind === 'missing') {
    throw new HttpProblem(
      problem(
        428,
        'Sende die ETag der Zeile als If-Match mit, damit keine fremde Änderung überschrieben wird. Du bekommst sie mit GET der Zeile.',
        { type: PROBLEM_TYPES.preconditionRequired },
      ),
    );
  }
  if (ifMatch.kind !== 'row') {
    throw new HttpProblem(
      problem(
        400,
        'If-Match enthält keine ETag dieser API. Sende genau die ETag, die GET der Zeile geliefert hat.',
        {
          type: PROBLEM_TYPES.invalidPrecondition,
        },
      ),
    );
  }
  return ifMatch.row;
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  const parsed = IdempotencyKey.safeParse(key);
  if (!parsed.success) {
    throw new HttpProblem(
      problem(400, 'Der Idempotency-Key muss eine UUID sein (eine neue je Anlage).', {
        type: PROBLEM_TYPES.validation,
        errors: [{ parameter: 'Idempotency-Key', detail: 'Ungültiger Schlüssel' }],
      }),
    );
  }
  return parsed.data;
}

const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

function pageOf(request: FastifyRequest) {
  const parsed = PageQuery.safeParse(request.query);
  if (parsed.success) return parsed.data;
  throw new HttpProblem(
    problem(400, 'Bitte gib eine gültige Seite an.', {
      type: PROBLEM_TYPES.validation,
      errors: parsed.error.issues.map((issue) => ({
        parameter: issue.path.map(String).join('.'),
        detail: `Erlaubt: page ab 1, pageSize von 1 bis ${PAGE_SIZE_MAX}.`,
      })),
    }),
  );
}

/** A paged answer; the audit log's also says where its rows are (decision 104). */
interface Paged {
  page: number;
  pageSize: number;
  total: number;
  /** The total is a lower bound: more match than were counted. */
  more?: boolean;
  first?: string | null;
  last?: string | null;
  hasNext?: boolean;
}

/**
 * RFC 8288 links of a paged answer, relative to the request's own path and query. An answer with
 * positions links the next and previous pages by them (one index range however deep); past the
 * counted bound there is no "last".
 */
function linkHeader(request: FastifyRequest, data: Paged): string {
  const { page, pageSize } = data;
  const last = data.more ? null : Math.max(1, Math.ceil(data.total / pageSize));
  const [path = '', query = ''] = request.url.split('?');
  const at = (target: number, position?: { after: string } | { before: string }) => {
    const params = new URLSearchParams(query);
    params.delete('after');
    params.delete('before');
    params.set('page', String(target));
    params.set('pageSize', String(pageSize));
    if (position && target > 1) for (const [key, value] of Object.entries(position)) params.set(key, value);
    return `<${path}?${params.toString()}>`;
  };
  const links = [`${at(1)}; rel="first"`];
  const positioned = data.hasNext !== undefined;
  if (page > 1) {
    const before = positioned && data.first ? { before: data.first } : undefined;
    links.push(`${at(last === null ? page - 1 : Math.min(page - 1, last), before)}; rel="prev"`);
  }
  const hasNext = positioned ? data.hasNext : last !== null && page < last;
  if (hasNext) links.push(`${at(page + 1, data.last ? { after: data.last } : undefined)}; rel="next"`);
  if (last !== null) links.push(`${at(last)}; rel="last"`);
  return links.join(', ');
}

/** Query strings are text: numbers of the procedure's input shape are read as numbers. */
function queryInput(request: FastifyRequest, schema: z.ZodType | undefined): Record<string, unknown> {
  const query = { ...(request.query as Record<string, unknown>) };
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  for (const [key, value] of Object.entries(query)) {
    let field: unknown = shape[key];
    while (field instanceof z.ZodOptional || field instanceof z.ZodDefault) field = field.unwrap();
    if (field instanceof z.ZodNumber && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))
      query[key] = Number(value);
  }
  return query;
}

function rowsOf(data: unknown): { id?: unknown }[] {
  return Array.isArray(data) ? (data as { id?: unknown }[]) : [];
}

const json = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));

async function run(operation: RestOperation, call: Call, request: FastifyRequest, reply: FastifyReply) {
  const def = procedureDef(operation.procedure);
  switch (operation.kind) {
    case 'read':
      return json(reply, 200, await call(def.inputs.length > 0 ? {} : undefined));
    case 'query': {
      const data = (await call(queryInput(request, def.inputs[0]))) as Paged;
      reply.header('link', linkHeader(request, data));
      // Past the counted bound the total is unknown: no count rather than a wrong one.
      if (!data.more) reply.header('x-total-count', String(data.total));
      return json(reply, 200, data);
    }
    case 'list':
    case 'children': {
      const { page, pageSize } = pageOf(request);
      const rows = rowsOf(
        await call(operation.kind === 'children' ? { id: idOf(request, operation) } : undefined),
      );
      reply.header('link', linkHeader(request, { page, pageSize, total: rows.length }));
      reply.header('x-total-count', String(rows.length));
      return json(reply, 200, rows.slice((page - 1) * pageSize, page * pageSize));
    }
    case 'item': {
      const id = idOf(request, operation);
      const row = rowsOf(await call()).find((candidate) => candidate.id === id);
      if (!row) throw new HttpProblem(NOT_FOUND());
      const etag = rowEtag(row);
      if (request.headers['if-none-match'] === etag) return reply.code(304).header('etag', etag).send();
      reply.header('etag', etag);
      return json(reply, 200, row);
    }
    case 'create': {
      const idempotencyKey = idempotencyKeyOf(request);
      const answer = await call({ values: request.body, ...(idempotencyKey ? { idempotencyKey } : {}) });
      // The row itself, or under its key in an answer that carries more (a webhook's secret: in the
      // body once, never in the ETag).
      const row = operation.rowKey ? (answer as Record<string, unknown> | null)?.[operation.rowKey] : answer;
      if (row !== null && typeof row === 'object') {
        reply.header('etag', rowEtag(row));
        const id = (row as { id?: unknown }).id;
        if (typeof id === 'number' || typeof id === 'string')
          reply.header('location', `/api/v1${operation.path}/${id}`);
      }
      return json(reply, 201, answer);
    }
    case 'update': {
      const id = idOf(request, operation);
      const expected = expectedOf(request);
      const row = await call({ id, values: request.body, expected });
      if (row !== null && typeof row === 'object') reply.header('etag', rowEtag(row));
      return json(reply, 200, row);
    }
    case 'remove': {
      const id = idOf(request, operation);
      await call({ id, expected: expectedOf(request) });
      return reply.code(204).send();
    }
    case 'action': {
      idOf(request, operation);
      return json(reply, 200, await call({ ...(request.params as Record<string, string>) }));
    }
  }
}

export function operationHandler(operation: RestOperation, deps: ExecuteDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let ctx: Context | undefined;
    try {
      ctx = deps.context({ req: request, res: reply } as CreateFastifyContextOptions);
      return await run(operation, procedureAt(createCaller(ctx), operation.procedure), request, reply);
    } catch (thrown) {
      if (thrown instanceof HttpProblem) return sendProblem(reply, thrown.problem);
      const error = asTrpcError(thrown);
      if (error.code === 'INTERNAL_SERVER_ERROR')
        request.log.error({ err: error, path: operation.procedure }, 'procedure failed');
      recordProcedureError(deps.audit, request.log, {
        error,
        path: operation.procedure,
        input: operation.kind === 'create' || operation.kind === 'update' ? request.body : request.params,
        principal: ctx?.principal ?? null,
        requestId: request.id,
        clientIp: shortenIp(request.ip),
      });
      // Query and path parameters are named; a body's fields are pointed at.
      const answer = problemOfError(error, {
        inQuery: operation.kind === 'query' || operation.kind === 'action',
      });
      if (answer.status === 412 && answer.current !== null && answer.current !== undefined)
        reply.header('etag', rowEtag(answer.current));
      if (answer.status === 503) reply.header('retry-after', String(deps.retryAfterSeconds));
      return sendProblem(reply, answer);
    }
  };
}
