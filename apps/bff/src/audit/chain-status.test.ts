/** The viewer's chain status: one verification for every admin looking at once, kept 30 seconds. */
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database';
import type { ChainReport } from './chain';
import { AuditLog } from './log';

const intact: ChainReport = { intact: true, events: 3, lastSeq: 3, lastHash: 'abc', unlinked: 0 };

describe('chain status', () => {
  it('shares one verification between callers and verifies again after 30 seconds', async () => {
    const audit = new AuditLog({} as Database);
    const verify = vi.spyOn(audit, 'verifyChain').mockResolvedValue(intact);
    const [a, b] = await Promise.all([audit.chainStatus(1_000), audit.chainStatus(2_000)]);
    expect(a).toBe(intact);
    expect(b).toBe(intact);
    expect(verify).toHaveBeenCalledTimes(1);
    await audit.chainStatus(30_999);
    expect(verify).toHaveBeenCalledTimes(1);
    await audit.chainStatus(31_000);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed verification: the next caller tries again', async () => {
    const audit = new AuditLog({} as Database);
    const verify = vi
      .spyOn(audit, 'verifyChain')
      .mockRejectedValueOnce(new Error('statement timeout'))
      .mockResolvedValue(intact);
    await expect(audit.chainStatus(1_000)).rejects.toThrow('statement timeout');
    await expect(audit.chainStatus(1_001)).resolves.toBe(intact);
    expect(verify).toHaveBeenCalledTimes(2);
  });
});
