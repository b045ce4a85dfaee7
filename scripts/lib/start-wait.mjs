// Waiting for a started part to answer without a fixed deadline (decision 072): a slow machine makes
// a first start slow, not wrong. The wait goes on as long as the process lives and, for a part that
// reports its progress over IPC (the BFF: apps/bff/src/start-progress.ts), as long as reports come.

/** How the BFF's phases read in the terminal. */
export const START_PHASES = {
  loading: 'lädt Code und Plugins',
  'creating-database': 'legt die eingebettete Datenbank an (nur beim ersten Start)',
  'opening-database': 'öffnet die Datenbank',
  migrating: 'bringt die Datenbank auf den neuesten Stand (Migrationen)',
  listening: 'öffnet den Port',
  ready: 'bereit',
};

const phaseText = (phase) => START_PHASES[phase] ?? phase;
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/**
 * Resolves when `url` answers 2xx. Rejects when `child` ends first, or when it reported its
 * progress and then nothing more came for `stallMs` (stuck, not slow: the BFF reports every second,
 * even while its database is being created). A child without reports (no IPC channel, such as the
 * dev server behind pnpm) is waited for as long as it lives. `say` gets a line when the phase changes
 * and, while it lasts, every `noticeMs`.
 */
export async function waitForStart(
  child,
  {
    url,
    name = 'BFF',
    stallMs = 120_000,
    noticeMs = 15_000,
    pollMs = 250,
    say = (line) => console.log(line),
    fetchImpl = fetch,
    now = Date.now,
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  },
) {
  const started = now();
  let phase = null;
  let phaseSince = started;
  let lastReport = null;
  let lastNotice = started;
  const onMessage = (message) => {
    if (message?.type !== 'nova:start') return;
    lastReport = now();
    if (message.phase !== phase) {
      phase = message.phase;
      phaseSince = lastReport;
      lastNotice = lastReport;
      if (phase !== 'ready') say(`  ${name}: ${phaseText(phase)} …`);
    }
  };
  child.on('message', onMessage);
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        const how = child.exitCode !== null ? `Code ${child.exitCode}` : child.signalCode;
        const where = phase ? `, zuletzt: ${phaseText(phase)}` : '';
        throw new Error(`${name} wurde beim Start beendet (${how}${where}).`);
      }
      try {
        const response = await fetchImpl(url, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      const at = now();
      if (lastReport !== null && at - lastReport > stallMs) {
        throw new Error(
          `${name} meldet seit ${seconds(at - lastReport)} keinen Fortschritt mehr (zuletzt: ${phaseText(phase)}).`,
        );
      }
      if (at - lastNotice >= noticeMs) {
        lastNotice = at;
        say(
          phase
            ? `  ${name}: ${phaseText(phase)} … seit ${seconds(at - phaseSince)}`
            : `  ${name}: startet … seit ${seconds(at - started)}`,
        );
      }
      await sleep(pollMs);
    }
  } finally {
    child.off('message', onMessage);
  }
}
