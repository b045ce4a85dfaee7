/**
 * The generic CRUD of specification §7 — GET {path}, GET/PUT/DELETE {path}/{id}, POST {path} — shared by the
 * catalogues and the sync manager. POST answers 201 with the new record, PUT 200 with the stored
 * record, DELETE 204 without a body; unknown ids 404. A PUT body may repeat the id; it must then
 * match the path (see `checkBodyId`).
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Guard } from '../auth';
import { notFound } from '../errors';
import { ValidationError } from '../errors';
import { checkBodyId, parseWith } from '../validation';

function refuse(errors: Record<string, string> | null): void {
  if (errors) throw new ValidationError(errors);
}
import { numericId } from './context';

export interface CrudSpec<T, S extends z.ZodType> {
  path: string;
  read: Guard[];
  write: Guard[];
  input: S;
  list(): T[];
  get(id: number): T | undefined;
  create(input: z.output<S>): T;
  update(id: number, input: z.output<S>): T | undefined;
  remove(id: number): boolean;
  /** Rules only the game API can check (uniqueness): field errors, or null when the input is fine. */
  check?(input: z.output<S>, id?: number): Record<string, string> | null;
}

interface IdParams {
  Params: { id: string };
}

export function registerCrud<T, S extends z.ZodType>(app: FastifyInstance, spec: CrudSpec<T, S>): void {
  const item = `/${spec.path}/:id`;
  const existingId = (raw: string): number => {
    const id = numericId(raw);
    if (id === undefined || spec.get(id) === undefined) throw notFound();
    return id;
  };

  app.get(`/${spec.path}`, { onRequest: spec.read }, () => spec.list());

  app.get<IdParams>(item, { onRequest: spec.read }, (request) => spec.get(existingId(request.params.id)));

  app.post(`/${spec.path}`, { onRequest: spec.write }, async (request, reply) => {
    const input = parseWith(spec.input, request.body);
    refuse(spec.check?.(input) ?? null);
    const created = spec.create(input);
    return reply.code(201).send(created);
  });

  app.put<IdParams>(item, { onRequest: spec.write }, (request) => {
    const id = existingId(request.params.id);
    const input = parseWith(spec.input, checkBodyId(request.body, id));
    refuse(spec.check?.(input, id) ?? null);
    const updated = spec.update(id, input);
    if (updated === undefined) throw notFound();
    return updated;
  });

  app.delete<IdParams>(item, { onRequest: spec.write }, async (request, reply) => {
    if (!spec.remove(existingId(request.params.id))) throw notFound();
    return reply.code(204).send();
  });
}
