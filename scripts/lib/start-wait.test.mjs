import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { waitForStart } from './start-wait.mjs';

/**
 * A started part on a clock of its own: `at(ms, step)` runs `step` when the wait has slept that far,
 * so a start of many minutes takes no real time. The address answers once `answering` is set.
 */
function part({ ipc = true } = {}) {
  const child = Object.assign(new EventEmitter(), { exitCode: null, signalCode: null, connected: ipc });
  const steps = [];
  const lines = [];
  let time = 0;
  let answering = false;
  const state = {
    child,
    lines,
    at: (ms, step) => steps.push({ ms, step }),
    report: (phase) => child.emit('message', { type: 'nova:start', phase, startedMs: time, phaseMs: 0 }),
    answer: () => {
      answering = true;
    },
    wait: (options = {}) =>
      waitForStart(child, {
        url: 'http://localhost:3000/healthz',
        say: (line) => lines.push(line),
        fetchImpl: () => (answering ? Promise.resolve({ ok: true }) : Promise.reject(new Error('refused'))),
        now: () => time,
        sleep: async (ms) => {
          time += ms;
          for (const due of steps.filter((s) => s.ms <= time)) {
            steps.splice(steps.indexOf(due), 1);
            due.step();
          }
        },
        ...options,
      }),
    elapsed: () => time,
  };
  return state;
}

describe('waitForStart', () => {
  it('waits through a first start of several minutes as long as the reports keep coming', async () => {
    const bff = part();
    bff.at(0, () => bff.report('loading'));
    // The embedded database takes four minutes on a busy machine; the BFF reports every second.
    for (let ms = 1000; ms < 240_000; ms += 1000) bff.at(ms, () => bff.report('creating-database'));
    bff.at(240_000, () => bff.report('migrating'));
    bff.at(245_000, () => bff.report('listening'));
    bff.at(246_000, () => bff.answer());
    await bff.wait();
    expect(bff.elapsed()).toBeGreaterThanOrEqual(246_000);
    const phases = bff.lines.filter((line) => line.endsWith(' …'));
    expect(phases).toEqual([
      '  BFF: lädt Code und Plugins …',
      '  BFF: legt die eingebettete Datenbank an (nur beim ersten Start) …',
      '  BFF: bringt die Datenbank auf den neuesten Stand (Migrationen) …',
      '  BFF: öffnet den Port …',
    ]);
    // While a phase lasts, it says so now and then.
    expect(bff.lines).toContain(
      '  BFF: legt die eingebettete Datenbank an (nur beim ersten Start) … seit 60 s',
    );
  });

  it('waits for a part without reports as long as it lives', async () => {
    const dev = part({ ipc: false });
    dev.at(600_000, () => dev.answer());
    await dev.wait();
    expect(dev.elapsed()).toBeGreaterThanOrEqual(600_000);
    expect(dev.lines).toContain('  BFF: startet … seit 300 s');
  });

  it('gives up at once when the process ends, naming the phase it was in', async () => {
    const bff = part();
    bff.at(1000, () => bff.report('migrating'));
    bff.at(5000, () => {
      bff.child.exitCode = 1;
    });
    await expect(bff.wait()).rejects.toThrow(
      'BFF wurde beim Start beendet (Code 1, zuletzt: bringt die Datenbank auf den neuesten Stand (Migrationen)).',
    );
    expect(bff.elapsed()).toBeLessThan(6000);
  });

  it('gives up when a part that reported goes silent for longer than the stall limit', async () => {
    const bff = part();
    bff.at(1000, () => bff.report('opening-database'));
    bff.at(2000, () => bff.report('opening-database'));
    await expect(bff.wait({ stallMs: 120_000 })).rejects.toThrow(
      'BFF meldet seit 120 s keinen Fortschritt mehr (zuletzt: öffnet die Datenbank).',
    );
    expect(bff.elapsed()).toBeGreaterThan(122_000);
    expect(bff.elapsed()).toBeLessThan(123_000);
  });
});
