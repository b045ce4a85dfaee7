/** A tRPC subscription read as server-sent events over fetch, as a browser's EventSource sees it. */

export interface SseEvent {
  event: string;
  id: string | null;
  data: unknown;
}

export class SseStream {
  readonly events: SseEvent[] = [];
  readonly #abort = new AbortController();
  #waiters: (() => void)[] = [];
  #ended = false;
  status = 0;

  static async open(url: string, headers: Record<string, string>): Promise<SseStream> {
    const stream = new SseStream();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: stream.#abort.signal,
    });
    stream.status = response.status;
    void stream.#read(response);
    return stream;
  }

  async #read(response: Response): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.#parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Closed by the test.
    }
    this.#ended = true;
    this.#wake();
  }

  #parse(block: string): void {
    let event = 'message';
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('id:')) id = line.slice(3).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    const text = data.join('\n');
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Kept as text.
    }
    this.events.push({ event, id, data: parsed });
    this.#wake();
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** The first event (from `from` on) that `match` accepts, waiting up to `timeoutMs`. */
  async next(match: (event: SseEvent) => boolean, timeoutMs = 10_000, from = 0): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      if (this.#ended) throw new Error(`stream ended; events: ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching event in ${timeoutMs} ms; events: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Until the server ends the stream. */
  async end(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.#ended) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('the stream did not end');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.#abort.abort();
  }
}

/** The data of an event as a record (tRPC sends the yielded value as JSON). */
export const dataOf = (event: SseEvent) => event.data as Record<string, unknown>;

export function subscriptionUrl(base: string, path: string, input: unknown): string {
  return `${base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
}
