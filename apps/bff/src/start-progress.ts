/**
 * The start's progress, for whoever waits for the BFF to answer (scripts/start.mjs, decision 072):
 * each phase is a log line when it begins and, when the parent process gave the BFF an IPC channel,
 * a message every second while it lasts. The waiting side tells a slow start (messages keep coming)
 * from a dead or stuck one (the process ended, or nothing came for a long time) instead of giving up
 * after a fixed time.
 */

/** What the BFF is doing: loading its code and plugins, creating, opening or migrating its database, listening. */
export type StartPhase =
  'loading' | 'creating-database' | 'opening-database' | 'migrating' | 'listening' | 'ready';

/** The IPC message: `phase` and how long the start and the phase have taken so far. */
export interface StartMessage {
  type: 'nova:start';
  phase: StartPhase;
  startedMs: number;
  phaseMs: number;
}

interface Log {
  info(object: object, message: string): void;
}

export interface StartProgress {
  /** From now on each phase is a log line too (the log exists once the app does). */
  logTo(log: Log): void;
  phase(phase: StartPhase): void;
  /** The last message (`ready`); stops the heartbeat and lets the IPC channel go. */
  ready(): void;
}

interface Options {
  /** `process.send` when there is a channel. */
  send?: ((message: StartMessage) => unknown) | undefined;
  /** Lets the channel stop holding the process open (`process.channel.unref`). */
  release?: () => void;
  now?: () => number;
  heartbeatMs?: number;
}

export function startProgress({
  send,
  release,
  now = Date.now,
  heartbeatMs = 1000,
}: Options = {}): StartProgress {
  const started = now();
  let log: Log | null = null;
  let current: StartPhase = 'loading';
  let since = started;
  const report = () => {
    const at = now();
    try {
      send?.({ type: 'nova:start', phase: current, startedMs: at - started, phaseMs: at - since });
    } catch {
      // The parent went away; the start goes on without anyone watching.
    }
  };
  const heartbeat = send ? setInterval(report, heartbeatMs) : undefined;
  heartbeat?.unref();
  const enter = (phase: StartPhase) => {
    const at = now();
    log?.info(
      { phase, previous: current, previousMs: at - since, startedMs: at - started },
      `start: ${phase}`,
    );
    current = phase;
    since = at;
    report();
  };
  report();
  return {
    logTo: (to) => {
      log = to;
    },
    phase: enter,
    ready: () => {
      enter('ready');
      clearInterval(heartbeat);
      release?.();
    },
  };
}

/** The progress of this process: messages through `process.send` when it has an IPC channel. */
export function processStartProgress(): StartProgress {
  const send = process.send?.bind(process);
  return startProgress({
    ...(send ? { send: (message: StartMessage) => send(message) } : {}),
    release: () => process.channel?.unref(),
  });
}
