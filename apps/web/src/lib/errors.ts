/**
 * What a failed call to the BFF means for a screen: the tRPC client's error (TRPCClientError)
 * carries the procedure's `data.code`; a request that never got an answer is a TypeError (fetch).
 */
export type ErrorKind =
  'unauthorized' | 'forbidden' | 'not-found' | 'bad-request' | 'upstream' | 'offline' | 'unknown';

interface ErrorShape {
  data?: { code?: unknown; httpStatus?: unknown } | null;
  message?: unknown;
}

/** What a failed call means for the screen. */
export function classifyError(error: unknown): ErrorKind {
  if (typeof error !== 'object' || error === null) return 'unknown';
  const data = (error as ErrorShape).data;
  const code = typeof data?.code === 'string' ? data.code : undefined;
  switch (code) {
    case 'UNAUTHORIZED':
      return 'unauthorized';
    case 'FORBIDDEN':
      return 'forbidden';
    case 'NOT_FOUND':
      return 'not-found';
    case 'BAD_REQUEST':
      return 'bad-request';
    case 'BAD_GATEWAY':
    case 'GATEWAY_TIMEOUT':
    case 'SERVICE_UNAVAILABLE':
      return 'upstream';
    default:
      break;
  }
  if (error instanceof TypeError || (error as { cause?: unknown }).cause instanceof TypeError)
    return 'offline';
  return 'unknown';
}
