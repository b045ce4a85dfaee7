import { defineConfig } from 'vitest/config';

/** `pnpm test:cluster` (decision 078): three BFF processes behind HAProxy; the run's own Redis and database. */
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
