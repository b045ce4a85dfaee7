/** Sign-in records while the database is away (decision 068): kept in order, bounded, said in the log. */
import { describe, expect, it, vi } from 'vitest';
import { HeldRecords, HoldFullError } from './held-records';
import type { AuditEntry } from './entry';

const entry = (action: string): AuditEntry => ({ actor: null, action, outcome: 'success' });

describe('held sign-in records', () => {
  it('keeps records while writing fails, in order and with their time, and writes them when it works', async () => {
    let away = true;
    const written: { action: string; at: Date | undefined }[] = [];
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const held = new HeldRecords(
      (e, at) => {
        if (away) return Promise.reject(new Error('database away'));
        written.push({ action: e.action, at });
        return Promise.resolve();
      },
      log,
      2,
    );
    expect(await held.record(entry('a'))).toBe('held');
    // Behind a kept record a new one waits its turn without trying the database first.
    expect(await held.record(entry('b'))).toBe('held');
    await expect(held.record(entry('c'))).rejects.toThrow(HoldFullError);
    expect(held.size).toBe(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith({ held: 2 }, 'held audit records at their limit; sign-in refused');

    away = false;
    await held.flush();
    expect(written.map((w) => w.action)).toEqual(['a', 'b']);
    expect(written.every((w) => w.at instanceof Date)).toBe(true);
    expect(log.info).toHaveBeenCalledWith(
      { written: 2 },
      'audit records kept during the database outage written',
    );
    expect(await held.record(entry('d'))).toBe('written');
    expect(written.at(-1)).toEqual({ action: 'd', at: undefined });
    await held.close();
  });

  it('says at shutdown how many were lost', async () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const held = new HeldRecords(() => Promise.reject(new Error('database away')), log);
    await held.record(entry('a'));
    await held.close();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ lost: 1 }),
      'held audit records lost: the database did not come back before shutdown',
    );
  });
});
