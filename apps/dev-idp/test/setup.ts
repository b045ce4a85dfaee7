/**
 * Every test fails on console output it did not ask for: oidc-provider reports misconfiguration
 * through console.info/warn, and the IdP itself logs through its (silenced) logger only.
 */
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

const METHODS = ['error', 'warn', 'info'] as const;
let spies: MockInstance[] = [];

beforeEach(() => {
  spies = METHODS.map((method) => vi.spyOn(console, method));
});

afterEach(() => {
  for (const spy of spies) {
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  }
});
