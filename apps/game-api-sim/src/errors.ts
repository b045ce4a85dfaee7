/**
 * Errors a handler throws to end a request with a JSON answer. The error handler in app.ts turns
 * them into the status and body; anything else is an unexpected 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${statusCode}`);
    this.name = 'HttpError';
  }
}

/** Architecture §4: invalid bodies are answered `400 { validationErrors: { field: message } }`. */
export class ValidationError extends HttpError {
  constructor(readonly fields: Record<string, string>) {
    super(400, { validationErrors: fields });
    this.name = 'ValidationError';
  }
}

export const notFound = (message = 'Nicht gefunden') => new HttpError(404, { error: message });
export const forbidden = () => new HttpError(403, { error: 'Keine Berechtigung' });
export const conflict = (message: string) => new HttpError(409, { error: message });
