/**
 * Prepares the imported realm through Keycloak's Admin REST API: the web roles as realm roles too,
 * the test users (with the demo accounts' ids, `customname`, realm and client roles), short access
 * tokens for nova-web, user events (to see refreshes), and a foreign service-account client.
 */
import { test as setup, expect } from '@playwright/test';
import { keycloakAdmin } from './admin';
import { INTEGRATOR_ROLES, KC, REALM_ROLES, USERS } from './stack';

setup('realm: roles, users, token lifespan, events, a foreign client', async () => {
  const admin = await keycloakAdmin();
  const realm = await admin.realms.findOne({ realm: KC.realm });
  expect(realm?.defaultLocale).toBe('de');

  const imported = await admin.realms.partialImport({
    realm: KC.realm,
    rep: {
      ifResourceExists: 'OVERWRITE',
      roles: { realm: REALM_ROLES.map((name) => ({ name, description: `Realm-Rolle ${name}` })) },
      users: Object.values(USERS).map((user) => ({
        id: user.id,
        username: user.username,
        enabled: true,
        email: `${user.username}@nova-legacy.example`,
        emailVerified: true,
        firstName: user.customname[0],
        lastName: 'Test',
        attributes: { customname: [...user.customname] },
        credentials: [{ type: 'password', value: user.password, temporary: false }],
        realmRoles: [`default-roles-${KC.realm}`, ...user.realmRoles],
        clientRoles: user.clientRoles.length > 0 ? { [KC.clientId]: [...user.clientRoles] } : {},
      })),
    },
  });
  // OVERWRITE: a reused Keycloak (locally) already has them; Keycloak then reports an overwritten
  // realm role twice (ADDED and OVERWRITTEN), so count each resource once.
  const resources = new Set(imported.results.map((r) => `${r.resourceType}:${r.resourceName}`));
  expect(resources.size).toBe(REALM_ROLES.length + Object.keys(USERS).length);

  const [web] = await admin.clients.find({ clientId: KC.clientId });
  if (!web?.id) throw new Error('nova-web fehlt im importierten Realm');
  await admin.clients.update(
    { id: web.id },
    {
      ...web,
      attributes: { ...web.attributes, 'access.token.lifespan': String(KC.accessTokenLifespanSeconds) },
    },
  );

  await admin.realms.update(
    { realm: KC.realm },
    { eventsEnabled: true, enabledEventTypes: ['LOGIN', 'LOGOUT', 'REFRESH_TOKEN', 'UPDATE_PASSWORD'] },
  );

  // The integrator's service account holds the web roles of what the scope tests touch; what each
  // token may do is limited by the scopes it asks for (decision 081).
  const [integrator] = await admin.clients.find({ clientId: KC.integratorId });
  if (!integrator?.id) throw new Error('integrator fehlt im importierten Realm');
  const serviceAccount = await admin.clients.getServiceAccountUser({ id: integrator.id });
  const webRoles = await admin.clients.listRoles({ id: web.id });
  await admin.users.addClientRoleMappings({
    id: serviceAccount.id ?? '',
    clientUniqueId: web.id,
    roles: webRoles
      .filter((role) => (INTEGRATOR_ROLES as readonly string[]).includes(role.name ?? ''))
      .map((role) => ({ id: role.id ?? '', name: role.name ?? '' })),
  });
  // As realm roles too, like the test users: the game API reads the client roles of the token's
  // `azp` (here the integrator, not nova-web), then the realm roles.
  const realmRoles = await admin.roles.find();
  await admin.users.addRealmRoleMappings({
    id: serviceAccount.id ?? '',
    roles: realmRoles
      .filter((role) => (INTEGRATOR_ROLES as readonly string[]).includes(role.name ?? ''))
      .map((role) => ({ id: role.id ?? '', name: role.name ?? '' })),
  });

  const [foreign] = await admin.clients.find({ clientId: KC.foreignClientId });
  if (foreign) return;
  await admin.clients.create({
    clientId: KC.foreignClientId,
    secret: KC.foreignClientSecret,
    publicClient: false,
    serviceAccountsEnabled: true,
    standardFlowEnabled: false,
    directAccessGrantsEnabled: false,
  });
});
