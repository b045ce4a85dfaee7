/**
 * Loads oidc-provider once. It warns "Unsupported runtime" on Node 20 at import time, but Node 20
 * LTS is this workspace's runtime (package.json `engines`) and the library works on it; that one
 * message is dropped so that every start and every test run is not cluttered with it. The dynamic
 * import keeps the filter in force exactly while the module evaluates, also in the esbuild bundle
 * (where a static import of an external would run before any of our code).
 */
import type * as Oidc from 'oidc-provider';

export type OidcModule = typeof Oidc;

const RUNTIME_WARNING = 'oidc-provider WARNING: Unsupported runtime';

let loading: Promise<OidcModule> | undefined;

export function loadOidcProvider(): Promise<OidcModule> {
  loading ??= (async () => {
    // eslint-disable-next-line no-console -- wraps console.warn to drop one known third-party message
    const original = console.warn;
    // eslint-disable-next-line no-console -- temporary filter dropping oidc-provider's Node 20 warning; restored in `finally`
    console.warn = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes(RUNTIME_WARNING)) return;
      original(...args);
    };
    try {
      return await import('oidc-provider');
    } finally {
      // eslint-disable-next-line no-console -- restores the original
      console.warn = original;
    }
  })();
  return loading;
}
