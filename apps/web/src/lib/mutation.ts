/**
 * The SPA's write pattern (architecture §8): a tRPC mutation, then the affected queries invalidated;
 * the BFF's one error shape read back here. Field errors arrive as `data.fieldErrors`
 * (`{ field: German message }`, from the BFF's zod validation or the game API's 400) and go under
 * the fields; a 401 keeps what the user typed (form-draft) and asks for the session again, so the
 * access gate can send the user through the sign-in and back.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { classifyError } from './errors';
import { saveDraft } from './form-draft';
import { markSessionExpired } from './query-client';
import { useRefreshSession } from './session';

interface ErrorData {
  data?: { fieldErrors?: unknown; reason?: unknown } | null;
}

/** `{ field: message }` of a failed mutation, or null when the failure is not about fields. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (typeof error !== 'object' || error === null) return null;
  const errors = (error as ErrorData).data?.fieldErrors;
  if (typeof errors !== 'object' || errors === null) return null;
  const entries = Object.entries(errors).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** The machine-readable reason of a refusal (for example a required re-authentication). */
export function reasonOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const reason = (error as ErrorData).data?.reason;
  return typeof reason === 'string' ? reason : null;
}

/**
 * Puts the server's field errors under the form's fields. Returns the messages that belong to no
 * field of this form (shown as a general message), or null when there were no field errors.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
): string[] | null {
  const errors = fieldErrorsOf(error);
  if (!errors) return null;
  const rest: string[] = [];
  let first = true;
  for (const [field, message] of Object.entries(errors)) {
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else {
      rest.push(message);
    }
  }
  return rest;
}

/**
 * What to do with a failed mutation that is not about fields: on a 401 keep the draft and ask for
 * the session again (signed out → the access gate sends the user to the sign-in and back here).
 * Returns true when the failure was handled that way.
 */
export function useSessionLoss() {
  const client = useQueryClient();
  const refreshSession = useRefreshSession();
  return useCallback(
    (error: unknown, draft?: { scope: string; state: unknown }): boolean => {
      if (classifyError(error) !== 'unauthorized') return false;
      if (draft) saveDraft(draft.scope, draft.state);
      // A session the BFF no longer has is said so (decision 071); otherwise ask who is signed in.
      if (!markSessionExpired(client, error)) void refreshSession();
      return true;
    },
    [client, refreshSession],
  );
}
