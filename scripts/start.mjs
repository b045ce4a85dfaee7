// `pnpm start`: builds what is missing, starts the demo stand-ins for what is not configured
// (dev-idp when OIDC_ISSUER is unset, game-api-sim when GAME_API_URL is unset, discord-sim when
// DISCORD_CLIENT_ID is unset outside production) and the BFF, and
// prints where each part listens. `pnpm dev` (--dev) runs the same with Vite's dev server.
// `pnpm start --keycloak` runs the real Keycloak (decision 010) instead of dev-idp.
import { spawn } from 'node:child_process';
import { KEYCLOAK_VERSION, missingKeycloakPackages, startKeycloak } from './lib/keycloak.mjs';
import { APPS, ROOT, buildMissing, isPortFree, startNode, stopAll } from './lib/processes.mjs';
import { waitForStart } from './lib/start-wait.mjs';

const dev = process.argv.includes('--dev');
const production = process.env.NODE_ENV === 'production';
const port = Number(process.env.PORT ?? 3000);
const webDevPort = Number(process.env.WEB_DEV_PORT ?? 5173);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${dev ? webDevPort : port}`;
const idpPort = Number(process.env.DEV_IDP_PORT ?? 8080);
const simPort = Number(process.env.GAME_API_PORT ?? 8090);
const discordPort = Number(process.env.DISCORD_SIM_PORT ?? 8070);

const withKeycloak = process.argv.includes('--keycloak');
const keycloakAdmin = {
  username: process.env.KEYCLOAK_ADMIN_USER ?? 'admin',
  password: process.env.KEYCLOAK_ADMIN_PASSWORD ?? 'admin',
};
const needIdp = !process.env.OIDC_ISSUER && !withKeycloak;
const needSim = !process.env.GAME_API_URL;
// Production without a Discord application keeps Discord linking off (never a demo stand-in).
const needDiscord = !process.env.DISCORD_CLIENT_ID && !production;

if (production && (needIdp || needSim)) {
  console.error(
    'NODE_ENV=production: OIDC_ISSUER und GAME_API_URL müssen gesetzt sein – in production startet keine Demo.',
  );
  process.exit(78);
}

const parts = [
  'bff',
  ...(dev ? [] : ['web']),
  ...(needIdp ? ['dev-idp'] : []),
  ...(needSim ? ['game-api-sim'] : []),
  ...(needDiscord ? ['discord-sim'] : []),
];
buildMissing(parts);

for (const [name, wanted] of [
  ['BFF', port],
  ...(needIdp || withKeycloak ? [[withKeycloak ? 'Keycloak' : 'dev-idp', idpPort]] : []),
  ...(needSim ? [['game-api-sim', simPort]] : []),
  ...(needDiscord ? [['discord-sim', discordPort]] : []),
  ...(dev ? [['Vite', webDevPort]] : []),
]) {
  if (!(await isPortFree(wanted))) {
    console.error(
      `Port ${wanted} (${name}) ist belegt. Beende den Prozess dort oder wähle einen anderen Port.`,
    );
    process.exit(1);
  }
}

const children = [];
const shutdown = (code = 0) => {
  stopAll(children);
  setTimeout(() => process.exit(code), 300).unref();
};
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

const issuer = process.env.OIDC_ISSUER ?? `http://localhost:${idpPort}/realms/nova`;
const gameApiUrl = process.env.GAME_API_URL ?? `http://localhost:${simPort}/`;

try {
  if (withKeycloak) {
    const missing = missingKeycloakPackages();
    if (missing.length > 0) {
      console.error(
        `Für Keycloak fehlen Systempakete. Bitte installieren mit:\n  sudo apt-get install -y ${missing.join(' ')}`,
      );
      process.exit(1);
    }
    console.log(`• starte Keycloak ${KEYCLOAK_VERSION} (der erste Start lädt und baut ihn, ≈ 1–3 min) …`);
    const keycloak = startKeycloak({
      port: idpPort,
      managementPort: Number(process.env.KEYCLOAK_MANAGEMENT_PORT ?? 9000),
      realmEnv: {
        NOVA_PUBLIC_URL: publicUrl,
        NOVA_WEB_CLIENT_SECRET: process.env.OIDC_CLIENT_SECRET ?? 'nova-web-dev-secret',
        NOVA_INTEGRATOR_CLIENT_SECRET: process.env.INTEGRATOR_CLIENT_SECRET ?? 'integrator-dev-secret',
      },
      admin: keycloakAdmin,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(keycloak);
    await waitForStart(keycloak, { url: `${issuer}/.well-known/openid-configuration`, name: 'Keycloak' });
  }
  if (needIdp) {
    const idp = startNode('dev-idp', APPS['dev-idp'].output, {
      DEV_IDP_PORT: String(idpPort),
      DEV_IDP_ISSUER: issuer,
      PUBLIC_URL: publicUrl,
    });
    children.push(idp);
    await waitForStart(idp, { url: `${issuer}/.well-known/openid-configuration`, name: 'dev-idp' });
  }
  if (needSim) {
    const sim = startNode('game-api-sim', APPS['game-api-sim'].output, {
      GAME_API_PORT: String(simPort),
      OIDC_ISSUER: issuer,
    });
    children.push(sim);
    await waitForStart(sim, { url: `${gameApiUrl}toplist`, name: 'game-api-sim' });
  }
  const discordEnv = {};
  if (needDiscord) {
    const discordUrl = `http://localhost:${discordPort}`;
    const discord = startNode('discord-sim', APPS['discord-sim'].output, {
      DISCORD_SIM_PORT: String(discordPort),
      PUBLIC_URL: publicUrl,
    });
    children.push(discord);
    await waitForStart(discord, { url: `${discordUrl}/healthz`, name: 'discord-sim' });
    // The stand-in's demo client (@nova/demo DEMO_DISCORD_CLIENT_ID / _SECRET).
    Object.assign(discordEnv, {
      DISCORD_CLIENT_ID: '1300000000000000001',
      DISCORD_CLIENT_SECRET: 'discord-dev-secret',
      DISCORD_AUTHORIZE_URL: `${discordUrl}/oauth2/authorize`,
      DISCORD_API_URL: `${discordUrl}/api/v10`,
    });
  }
  const bffEnv = {
    // A person reads this terminal: short lines instead of JSON (LOG_FORMAT=json for machines).
    LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    OIDC_ISSUER: issuer,
    GAME_API_URL: gameApiUrl,
    ...discordEnv,
  };
  let bff;
  if (dev) {
    bff = spawn('pnpm', ['--filter', '@nova/bff', 'dev'], {
      cwd: ROOT,
      env: { ...process.env, ...bffEnv },
      stdio: 'inherit',
    });
  } else {
    bff = startNode('bff', APPS.bff.output, bffEnv, { ipc: true });
  }
  children.push(bff);
  // No deadline: a busy machine makes a first start slow (the embedded database is created then);
  // the wait ends when the BFF answers, ends, or stops reporting its progress (decision 072).
  const bffStarted = Date.now();
  await waitForStart(bff, { url: `http://localhost:${port}/healthz` });
  console.log(`  BFF bereit nach ${((Date.now() - bffStarted) / 1000).toFixed(1)} s`);
  if (dev) {
    const vite = spawn('pnpm', ['--filter', '@nova/web', 'dev'], {
      cwd: ROOT,
      env: { ...process.env, BFF_URL: `http://localhost:${port}`, WEB_DEV_PORT: String(webDevPort) },
      stdio: 'inherit',
    });
    children.push(vite);
    await waitForStart(vite, { url: `http://localhost:${webDevPort}/`, name: 'Vite' });
  }
  for (const child of children) {
    child.on('exit', (code) => {
      console.error(`Ein Teil wurde beendet (Code ${code}); alle Teile werden gestoppt.`);
      shutdown(code ?? 1);
    });
  }

  const line = (label, value) => console.log(`  ${label.padEnd(22)} ${value}`);
  console.log('\nNova Legacy läuft:');
  line('Website + Control Panel', publicUrl);
  line('BFF (API, /trpc, /auth)', `http://localhost:${port}`);
  line(
    'Identitätsdienst',
    needIdp
      ? `${issuer}  (Demo-Stand-in dev-idp)`
      : withKeycloak
        ? `${issuer}  (Keycloak ${KEYCLOAK_VERSION})`
        : issuer,
  );
  line('Game API', needSim ? `${gameApiUrl}  (Demo-Stand-in game-api-sim)` : gameApiUrl);
  line(
    'Discord-Verknüpfung',
    needDiscord
      ? `http://localhost:${discordPort}  (Demo-Stand-in discord-sim)`
      : process.env.DISCORD_CLIENT_ID
        ? 'Discord'
        : 'aus (DISCORD_CLIENT_ID/DISCORD_CLIENT_SECRET fehlen)',
  );
  line('Sitzungen', process.env.REDIS_URL ? `Redis ${process.env.REDIS_URL}` : 'Arbeitsspeicher');
  if (needIdp) console.log('\n  Demo-Konten: spieler/spieler, beta/beta, admin/admin');
  if (withKeycloak) {
    console.log(
      `\n  Keycloak-Administration: http://localhost:${idpPort}/admin (${keycloakAdmin.username}/${keycloakAdmin.password});` +
        '\n  Benutzer im Realm „nova“ dort anlegen (Rollen: Client nova-web, web:*). Die Datenbank ist flüchtig.',
    );
  }
  console.log('  Beenden mit Strg+C\n');
} catch (error) {
  console.error(`Start fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
  shutdown(1);
}
