/**
 * `user` and `user/{id}` (specification §7). Reading users is open to every signed-in token (the hidden
 * player's user record included: only their game data is restricted). Creating and deleting users
 * needs `web:admin`; a user may patch themselves, an admin anyone.
 */
import { UserCreate, UserPatch } from '@nova/contracts';
import { ROLES } from '@nova/domain';
import { principalOf } from '../auth';
import { forbidden, notFound } from '../errors';
import { parseWith } from '../validation';
import type { RouteModule } from './context';

interface UserParams {
  Params: { userId: string };
}

export const userRoutes: RouteModule = (app, { store, guards }) => {
  app.get<{ Querystring: { search?: string } }>('/user', { onRequest: guards.token }, (request) => {
    // `?search=` narrows by username or display name, like Keycloak's user search.
    const search = request.query.search?.trim().toLowerCase();
    const users = store.allPlayers().map((p) => p.user);
    if (!search) return users;
    return users.filter((u) =>
      [u.username, ...(u.attributes?.customname ?? [])].some((name) => name.toLowerCase().includes(search)),
    );
  });

  app.post('/user', { onRequest: [guards.token, guards.role(ROLES.admin)] }, async (request, reply) => {
    const user = store.createUser(parseWith(UserCreate, request.body));
    return reply.code(201).send(user);
  });

  app.get<UserParams>('/user/:userId', { onRequest: guards.token }, (request) => {
    const player = store.player(request.params.userId);
    if (!player) throw notFound();
    return player.user;
  });

  app.patch<UserParams>('/user/:userId', { onRequest: guards.token }, (request) => {
    const { userId } = request.params;
    const principal = principalOf(request);
    if (principal.sub !== userId && !principal.has(ROLES.admin)) throw forbidden();
    if (!store.player(userId)) throw notFound();
    const user = store.patchUser(userId, parseWith(UserPatch, request.body));
    if (!user) throw notFound();
    return user;
  });

  app.delete<UserParams>(
    '/user/:userId',
    { onRequest: [guards.token, guards.role(ROLES.admin)] },
    async (request, reply) => {
      if (!store.deleteUser(request.params.userId)) throw notFound();
      return reply.code(204).send();
    },
  );
};
