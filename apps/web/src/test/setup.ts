import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
});

// findBy… and waitFor wait for a state up to this long (the default 1 s is short on a loaded machine).
configure({ asyncUtilTimeout: 10_000 });

// A console.error that a test does not expect is a failure (STYLE.md).
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  throw new Error(`console.error: ${args.map(String).join(' ')}`);
});
