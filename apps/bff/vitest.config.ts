import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Its own run (`pnpm test:cluster`, vitest.cluster.config.ts): three processes behind HAProxy.
    exclude: [...configDefaults.exclude, 'test/cluster/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
