/**
 * Linked external accounts (specification §7, architecture §4). Reading follows the player-read rule;
 * linking, unlinking and synchronising are allowed only for one's own user id (token `sub`).
 * One account per platform and user, and one external id per platform for all players: a second
 * link answers 409 with a message saying which rule it broke.
 */
import { ExternalAccountCreate, Platform, SyncRequest } from '@nova/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { conflict, notFound, ValidationError } from '../errors';
import { DISCORD_USER_ID, TEAMSPEAK_IDENTITY } from '../external-ids';
import { parseWith } from '../validation';
import { numericId, type RouteModule } from './context';

const PlatformQuery = z.object({ plattform: Platform.optional() });

interface UserParams {
  Params: { userId: string };
}

export const externalAccountRoutes: RouteModule = (app, { store, guards, syncDelayMs }) => {
  const base = '/user/:userId/external-accounts';
  const writes = [guards.token, guards.ownUser];

  app.get<UserParams>(base, { onRequest: [guards.token, guards.playerRead] }, (request) => {
    const { userId } = request.params;
    if (!store.player(userId)) throw notFound();
    const { plattform } = parseWith(PlatformQuery, request.query);
    return store.externalAccountsOf(userId, plattform);
  });

  app.post<UserParams>(base, { onRequest: writes }, async (request, reply) => {
    const { userId } = request.params;
    if (!store.player(userId)) throw notFound();
    const input = parseWith(ExternalAccountCreate, request.body);
    if (input.userId !== userId) {
      throw new ValidationError({ userId: 'Muss mit der Benutzer-ID im Pfad übereinstimmen' });
    }
    if (store.externalAccountsOf(userId, input.plattform).length > 0) {
      throw conflict('Für diese Plattform ist bereits ein Konto verknüpft');
    }
    const { plattform, externalId } = input;
    if (
      plattform === 'teamspeak' &&
      !(TEAMSPEAK_IDENTITY.test(externalId) && store.knowsTeamspeakIdentity(externalId))
    ) {
      // Specification §7: 404 means the identity was not found on the Teamspeak server.
      throw notFound('Teamspeak-Identität nicht gefunden');
    }
    if (plattform === 'discord' && !DISCORD_USER_ID.test(externalId)) {
      throw new ValidationError({ externalId: 'Muss eine Discord-Benutzer-ID sein' });
    }
    if (store.externalAccountHolding(plattform, externalId)) {
      throw conflict('Dieses Konto ist bereits mit einem anderen Spieler verknüpft');
    }
    const account = store.addExternalAccount({ userId, plattform, externalId });
    return reply.code(201).send(account);
  });

  app.post<UserParams>(`${base}/sync`, { onRequest: writes }, async (request) => {
    if (!store.player(request.params.userId)) throw notFound();
    parseWith(SyncRequest, request.body);
    // The real synchronisation talks to Teamspeak or Discord; a short pause keeps the UI's
    // "sync in progress" state visible in the demo.
    if (syncDelayMs > 0) await sleep(syncDelayMs);
    return { ok: true };
  });

  app.delete<{ Params: { userId: string; id: string } }>(
    `${base}/:id`,
    { onRequest: writes },
    async (request, reply) => {
      const id = numericId(request.params.id);
      if (id === undefined || !store.deleteExternalAccount(request.params.userId, id)) throw notFound();
      return reply.code(204).send();
    },
  );
};
