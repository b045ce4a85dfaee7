/**
 * dev-idp: a Keycloak-compatible OpenID provider for demos and CI (architecture §3). It serves the
 * `nova` realm with the demo accounts of `@nova/demo` at Keycloak's URLs, so the BFF runs against
 * it unchanged. Not for production: keys, sessions and password changes live in memory.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { calculateJwkThumbprint, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import type { JWK } from 'oidc-provider';

import { createAccountStore } from './accounts';
import {
  clientMetadata,
  DEFAULT_PORT,
  DEFAULT_REALM_PATH,
  resolveConfig,
  type DevIdpOptions,
} from './config';
import { createRouter } from './http';
import { createKeycloakEndpoints } from './keycloak-endpoints';
import type { RequestListener } from './logout';
import { contentSecurityPolicy } from './pages';
import { createProvider } from './provider';

export type { DevIdpOptions, ForumOptions } from './config';
export { DEFAULT_BFF_URL, DEFAULT_PORT, KEYCLOAK_ROUTES } from './config';
export { consoleLogger, silentLogger, type DevIdpLogger } from './log';
export { TEXTS } from './pages';
export { SERVICE_ACCOUNTS, DEFAULT_REALM_ROLES } from './accounts';

export interface DevIdp {
  /** Issuer identifier, e.g. `http://localhost:8080/realms/nova`. */
  issuer: string;
  /** Origin the server answers on, e.g. `http://localhost:8080`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function publicHost(host: string): string {
  if (host === '127.0.0.1' || host === '0.0.0.0' || host === '::' || host === '::1') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** A fresh RS256 key per start: tokens do not outlive the sessions they belong to anyway. */
async function signingKey(): Promise<{ privateJwk: JWK; publicKey: CryptoKey }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { privateJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' }, publicKey };
}

/** Formats a form-action source list: the origins of every registered redirect target. */
function redirectOrigins(uris: readonly (readonly string[] | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const uri of uris.flatMap((list) => list ?? [])) {
    const origin = URL.parse(uri)?.origin;
    if (origin && origin !== 'null') origins.add(origin);
  }
  return [...origins];
}

export async function startDevIdp(options: DevIdpOptions = {}): Promise<DevIdp> {
  const host = options.host ?? '127.0.0.1';
  let ready: RequestListener | undefined;
  const server = createServer((req, res) => {
    if (ready) {
      void ready(req, res);
      return;
    }
    res.statusCode = 503;
    res.end();
  });
  await listen(server, options.port ?? DEFAULT_PORT, host);

  try {
    const { port } = server.address() as AddressInfo;
    const url = `http://${publicHost(host)}:${port}`;
    const config = resolveConfig(options, options.issuer ?? `http://localhost:${port}${DEFAULT_REALM_PATH}`);
    const clients = clientMetadata(config);
    const csp = contentSecurityPolicy(
      redirectOrigins(clients.flatMap((client) => [client.redirect_uris, client.post_logout_redirect_uris])),
    );
    const accounts = createAccountStore();
    const key = await signingKey();
    const provider = await createProvider({ config, accounts, signingKey: key.privateJwk, csp });
    const keycloak = createKeycloakEndpoints({
      provider,
      accounts,
      issuer: config.issuer,
      publicKey: key.publicKey,
      clients,
    });
    ready = createRouter({ config, provider, accounts, keycloak, csp });

    return {
      issuer: config.issuer,
      url,
      port,
      close: () =>
        new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          // Keep-alive connections of clients would otherwise hold close() open.
          server.closeAllConnections();
        }),
    };
  } catch (error) {
    server.close();
    throw error;
  }
}
