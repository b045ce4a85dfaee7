/** The test-only late answer: a marked write is applied at once and answered later; off by default. */
import { describe, expect, it } from 'vitest';
import { createGameApiSim } from './app';
import { call, createTestSim, NOW, stubVerifier } from './test-support';

const values = (description: string) => ({ name: 'Spätzünder', description, exp: 1, money: 2 });

describe('late writes', () => {
  it('a write marked "[spät]" is visible before its answer comes', async () => {
    const app = createGameApiSim({
      verifyToken: stubVerifier,
      now: () => NOW,
      syncDelayMs: 0,
      lateWriteMs: 8000,
    });
    let answered = false;
    const write = call(app, 'POST', 'achievements', { token: 'admin', body: values('Kommt [spät]') }).then(
      (result) => {
        answered = true;
        return result;
      },
    );
    await expect
      .poll(async () => {
        const list = await call(app, 'GET', 'achievements', { token: 'admin' });
        return (list.json as { description: string }[]).some((row) => row.description === 'Kommt [spät]');
      })
      .toBe(true);
    expect(answered).toBe(false);
    expect((await write).status).toBe(201);
    await app.close();
  }, 20_000);

  it('is off by default: the same write answers at once', async () => {
    const app = createTestSim();
    const created = await call(app, 'POST', 'achievements', {
      token: 'admin',
      body: values('Sofort [spät]'),
    });
    expect(created.status).toBe(201);
  });
});
