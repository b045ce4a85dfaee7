import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Its own run (`pnpm test:cluster`, vitest.cluster.config.ts): three processes behind HAProxy.
    exclude: [...configDefaults.exclude, 'test/cluster/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // `expect.poll` waits for a state (a request at the game API, a record written by another
    // process): its default of 1 s is a fixed budget that a busy machine runs past. A passing poll
    // never waits it out.
    expect: { poll: { timeout: 15_000 } },
  },
});
