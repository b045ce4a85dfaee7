/**
 * The game API reached through a `fetch` instead of the BFF's pooled client, so a test can count,
 * hold or fail its calls. Same limits as the pooled client: one timeout for the whole call, answers
 * larger than MAX_ANSWER_BYTES refused.
 */
import { MAX_ANSWER_BYTES, TransportError, type Transport } from '../src/game-api/client';

class AnswerTooLargeError extends Error {
  override name = 'AnswerTooLargeError';
}

async function readLimited(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new AnswerTooLargeError(`the answer exceeds ${limit} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

const isTimeout = (cause: unknown) => cause instanceof DOMException && cause.name === 'TimeoutError';

export function fetchTransport(fetchImpl: typeof fetch, timeoutMs: number): Transport {
  return async (method, url, headers, body) => {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (cause) {
      throw new TransportError(isTimeout(cause) ? 'timeout' : 'network', { cause });
    }
    try {
      return { status: response.status, text: await readLimited(response, MAX_ANSWER_BYTES) };
    } catch (cause) {
      if (cause instanceof AnswerTooLargeError) throw new TransportError('too-large', { cause });
      throw new TransportError(isTimeout(cause) ? 'timeout' : 'network', { cause });
    }
  };
}
