/**
 * Example for integrators: a script calling the BFF's tRPC API with a Keycloak client-credentials
 * token (architecture §5: `Authorization: Bearer`, no cookie, no CSRF header needed). Fully typed
 * against the BFF's AppRouter.
 *
 * The script is a machine client (decision 053): the BFF knows it by its client id
 * (MACHINE_CLIENT_IDS) or Keycloak's service-account marker. It may call the public procedures and
 * what the policy table grants machines by name (catalogue and sync-manager lists, creates and
 * updates, with the roles of its service account); deletes, player data and the audit log are
 * refused (403). Every write is recorded as "Maschinen-Client" with its client id.
 *
 *   OIDC_ISSUER=http://localhost:8080/realms/nova \
 *   INTEGRATOR_CLIENT_ID=integrator INTEGRATOR_CLIENT_SECRET=integrator-dev-secret \
 *   BFF_URL=http://localhost:3000 \
 *   pnpm --filter @nova/bff exec tsx examples/integrator.ts
 */
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import * as oidc from 'openid-client';
import type { AppRouter } from '../src';

export interface IntegratorOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  bffUrl: string;
  /** The scopes the script needs (decision 081); default: catalogues read and write. */
  scope?: string;
}

/** A typed tRPC client that fetches (and renews) its access token by client credentials. */
export async function integratorClient(options: IntegratorOptions) {
  const insecure = new URL(options.issuer).protocol === 'http:';
  const config = await oidc.discovery(
    new URL(options.issuer),
    options.clientId,
    options.clientSecret,
    undefined,
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- plain http only for a local demo issuer
    insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
  let token = '';
  let renewAt = 0;
  const accessToken = async () => {
    if (Date.now() >= renewAt) {
      const response = await oidc.clientCredentialsGrant(config, {
        scope: options.scope ?? 'nova.catalogues.read nova.catalogues.write',
      });
      token = response.access_token;
      renewAt = Date.now() + Math.max(0, (response.expiresIn() ?? 60) - 30) * 1000;
    }
    return token;
  };
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${options.bffUrl}/trpc`,
        headers: async () => ({ authorization: `Bearer ${await accessToken()}` }),
      }),
    ],
  });
}

async function main(): Promise<void> {
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} fehlt`);
    return value;
  };
  const client = await integratorClient({
    issuer: need('OIDC_ISSUER'),
    clientId: process.env.INTEGRATOR_CLIENT_ID ?? 'integrator',
    clientSecret: need('INTEGRATOR_CLIENT_SECRET'),
    bffUrl: process.env.BFF_URL ?? 'http://localhost:3000',
  });
  const [me, toplist] = await Promise.all([client.session.me.query(), client.toplist.get.query()]);
  console.log('Angemeldet als:', me.signedIn ? me.username : '(niemand)');
  console.log('Meisten Verbrechen:', toplist.tables.most_crimes.slice(0, 3));
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
