import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    // Upper bounds, not budgets: on a loaded machine a screen with many steps takes longer than
    // vitest's default 5 s (speed is measured by pnpm bench, not here).
    testTimeout: 30_000,
  },
});
