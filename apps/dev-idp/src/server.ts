/**
 * CLI of the dev IdP. Environment: DEV_IDP_PORT (8080), DEV_IDP_ISSUER
 * (http://localhost:{port}/realms/nova), PUBLIC_URL (the BFF, http://localhost:3000),
 * OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, DEV_IDP_ACCESS_TOKEN_TTL (seconds, 300).
 */
import { consoleLogger, startDevIdp, type DevIdpOptions } from './index';
import { describeError } from './log';

function integerEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`${name} muss eine ganze Zahl ≥ ${min} sein, nicht "${raw}".`);
  }
  return value;
}

function textEnv(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

function urlEnv(name: string): string | undefined {
  const value = textEnv(name);
  if (value !== undefined && !URL.canParse(value))
    throw new Error(`${name} ist keine gültige URL: "${value}".`);
  return value;
}

function optionsFromEnv(): DevIdpOptions {
  const options: DevIdpOptions = {
    port: integerEnv('DEV_IDP_PORT', 8080, 0),
    accessTokenTtlSeconds: integerEnv('DEV_IDP_ACCESS_TOKEN_TTL', 300, 1),
    logger: consoleLogger,
  };
  const issuer = urlEnv('DEV_IDP_ISSUER');
  const bffUrl = urlEnv('PUBLIC_URL');
  const clientId = textEnv('OIDC_CLIENT_ID');
  const clientSecret = textEnv('OIDC_CLIENT_SECRET');
  if (issuer !== undefined) options.issuer = issuer;
  if (bffUrl !== undefined) options.bffUrl = bffUrl;
  if (clientId !== undefined) options.clientId = clientId;
  if (clientSecret !== undefined) options.clientSecret = clientSecret;
  return options;
}

async function main(): Promise<void> {
  const idp = await startDevIdp(optionsFromEnv());
  consoleLogger.info(
    `Demo-Ersatz für Keycloak (nicht für den Produktivbetrieb) hört auf ${idp.url} – Issuer ${idp.issuer}`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    idp.close().then(
      () => process.exit(0),
      (error: unknown) => {
        consoleLogger.error(`Beenden nach ${signal} fehlgeschlagen: ${describeError(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  consoleLogger.error(`Start fehlgeschlagen: ${describeError(error)}`);
  process.exit(1);
});
