/**
 * Body validation with the input schemas of @nova/contracts (German messages from there). A failure becomes
 * `400 { validationErrors: { "<field path>": "<German message>" } }` with the first issue of each
 * field; problems with the body as a whole (not JSON, not an object) use the key "body".
 */
import { fieldErrorsOf } from '@nova/contracts';
import type { z } from 'zod';
import { ValidationError } from './errors';

export { BODY_KEY } from '@nova/contracts';

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(fieldErrorsOf(result.error.issues));
  return result.data;
}

/**
 * The `id` of a PUT body is optional; when present it must equal the id in the path (a mismatch is
 * more likely a client bug than an intent to move the record), otherwise 400. Answers the body
 * without the id, which the input schemas do not accept (specification §5: the id is read-only).
 */
export function checkBodyId(body: unknown, pathId: number): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('id' in body)) return body;
  const { id, ...rest } = body;
  if (id === undefined || id === null || id === pathId) return rest;
  throw new ValidationError({ id: 'Muss mit der ID im Pfad übereinstimmen' });
}
