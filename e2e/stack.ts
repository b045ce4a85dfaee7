/** Where the end-to-end stack listens, and the configuration it runs with. */
const bffPort = Number(process.env.E2E_BFF_PORT ?? 3100);
const idpPort = Number(process.env.E2E_IDP_PORT ?? 8180);
const simPort = Number(process.env.E2E_SIM_PORT ?? 8190);
const discordPort = Number(process.env.E2E_DISCORD_PORT ?? 8170);

export const E2E = {
  bffPort,
  idpPort,
  simPort,
  bff: `http://localhost:${bffPort}`,
  issuer: `http://localhost:${idpPort}/realms/nova`,
  gameApi: `http://localhost:${simPort}/`,
  discordPort,
  discord: `http://localhost:${discordPort}`,
  operator: {
    OPERATOR_NAME: 'Nova Legacy Testbetrieb GbR',
    OPERATOR_REPRESENTATIVE: 'Erika Musterfrau',
    OPERATOR_STREET: 'Teststraße 7',
    OPERATOR_POSTAL_CODE: '10115',
    OPERATOR_CITY: 'Berlin',
    OPERATOR_COUNTRY: 'Deutschland',
    OPERATOR_EMAIL: 'impressum@nova-legacy.example',
    FORUM_URL: 'https://forum.nova-legacy.example/',
    DISCORD_URL: 'https://discord.gg/nova-legacy-example',
  },
} as const;

export type Role = 'spieler' | 'beta' | 'admin';

export const storageStateOf = (role: Role) => `.e2e/auth/${role}.json`;
