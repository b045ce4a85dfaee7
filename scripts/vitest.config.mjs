import { defineConfig } from 'vitest/config';

/**
 * Checks of the repository itself (the decisions index, the design documents and their citations)
 * and of the scripts' helpers (scripts/lib).
 */
export default defineConfig({ test: { name: 'repository', include: ['**/*.test.mjs'] } });
