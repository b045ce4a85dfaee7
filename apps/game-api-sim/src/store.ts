/**
 * All state of the simulator, in memory: generated from the seed at start, changed by the write
 * calls, lost on restart (architecture §4: "keeps state in memory while it runs").
 */
import type { CatalogueItem, CatalogueName, User, UserCreate, UserPatch } from '@nova/contracts';
import { DEMO_ACCOUNTS, DEMO_PLAYERS, DEMO_TEAMSPEAK_IDENTITIES } from '@nova/demo';
import type { z } from 'zod';
import { ACHIEVEMENTS, RADIO_STATIONS, WANTED_REASONS } from './data/catalogues';
import { SERVER_SKINS } from './data/server-skins';
import { VEHICLE_TYPES } from './data/vehicle-types';
import { newcomer, generatePlayers, type PlayerData } from './data/players';
import { ValidationError } from './errors';
import { randomDiscordId, randomTeamspeakIdentity } from './external-ids';
import { createRandom, mixSeed, type Random } from './random';
import { SyncStore } from './sync-store';
import { Table } from './table';
import type { ExternalAccount, Platform } from './types';

export type CatalogueTables = { [K in CatalogueName]: Table<CatalogueItem<K>> };

export class Store {
  readonly catalogues: CatalogueTables = {
    achievements: new Table(ACHIEVEMENTS),
    vehicleTypes: new Table(VEHICLE_TYPES),
    serverSkins: new Table(SERVER_SKINS),
    serverRadios: new Table(RADIO_STATIONS),
    wantedReasons: new Table(WANTED_REASONS),
  };
  readonly sync = new SyncStore();
  private readonly players = new Map<string, PlayerData>();
  private readonly externalAccounts = new Table<ExternalAccount>();
  /** Ids of users created at run time; seeded too, so a test run is reproducible. */
  private readonly ids: Random;

  constructor(seed: number, now: number) {
    const rng = createRandom(seed);
    for (const player of generatePlayers(rng, now)) this.players.set(player.user.id, player);
    this.seedExternalAccounts(createRandom(mixSeed(seed, 1)));
    this.ids = createRandom(mixSeed(seed, 2));
  }

  // --- users and their game data -------------------------------------------------------------

  allPlayers(): PlayerData[] {
    return [...this.players.values()];
  }

  player(id: string): PlayerData | undefined {
    return this.players.get(id);
  }

  /** A new user is a new character: starting values, empty lists, vehicles supported but none. */
  createUser(input: z.output<typeof UserCreate>): User {
    this.assertUsernameFree(input.username);
    const id = this.ids.uuid();
    const player = newcomer(
      { id, username: input.username, customname: input.attributes?.customname ?? [] },
      true,
    );
    this.players.set(id, player);
    return player.user;
  }

  patchUser(id: string, patch: z.output<typeof UserPatch>): User | undefined {
    const player = this.players.get(id);
    if (!player) return undefined;
    if (patch.username !== undefined && patch.username.toLowerCase() !== player.user.username.toLowerCase()) {
      this.assertUsernameFree(patch.username);
    }
    const username = patch.username ?? player.user.username;
    const customname = patch.attributes?.customname ?? player.user.attributes?.customname ?? [];
    player.user = { id, username, attributes: { ...player.user.attributes, customname } };
    // The profile shows the character name, which follows the display name (first customname).
    player.profile.username = customname[0] ?? username;
    return player.user;
  }

  deleteUser(id: string): boolean {
    if (!this.players.delete(id)) return false;
    for (const account of this.externalAccounts.list()) {
      if (account.userId === id) this.externalAccounts.delete(account.id);
    }
    return true;
  }

  private assertUsernameFree(username: string): void {
    const taken = this.allPlayers().some((p) => p.user.username.toLowerCase() === username.toLowerCase());
    if (taken) throw new ValidationError({ username: 'Benutzername ist bereits vergeben' });
  }

  // --- external accounts ---------------------------------------------------------------------

  externalAccountsOf(userId: string, plattform?: Platform): ExternalAccount[] {
    return this.externalAccounts
      .list()
      .filter((a) => a.userId === userId && (plattform === undefined || a.plattform === plattform));
  }

  /** The account of any player that holds this external id on this platform. */
  externalAccountHolding(plattform: Platform, externalId: string): ExternalAccount | undefined {
    return this.externalAccounts.list().find((a) => a.plattform === plattform && a.externalId === externalId);
  }

  /** Specification §7: the stand-in Teamspeak server knows its connected clients and the linked ones. */
  knowsTeamspeakIdentity(identity: string): boolean {
    return (
      (DEMO_TEAMSPEAK_IDENTITIES as readonly string[]).includes(identity) ||
      this.externalAccountHolding('teamspeak', identity) !== undefined
    );
  }

  addExternalAccount(account: Omit<ExternalAccount, 'id'>): ExternalAccount {
    return this.externalAccounts.create(account);
  }

  deleteExternalAccount(userId: string, id: number): boolean {
    const account = this.externalAccounts.get(id);
    return account?.userId === userId && this.externalAccounts.delete(id);
  }

  /**
   * `spieler` starts unlinked (to walk through both wizards), `beta` has Teamspeak, `admin` has
   * Teamspeak and Discord, and about a third of the other players have one or both.
   */
  private seedExternalAccounts(rng: Random): void {
    const link = (userId: string, plattform: Platform) =>
      this.externalAccounts.create({
        userId,
        plattform,
        externalId: plattform === 'teamspeak' ? randomTeamspeakIdentity(rng) : randomDiscordId(rng),
      });
    link(DEMO_ACCOUNTS.beta.id, 'teamspeak');
    link(DEMO_ACCOUNTS.admin.id, 'teamspeak');
    link(DEMO_ACCOUNTS.admin.id, 'discord');
    const demoIds = new Set<string>([...Object.values(DEMO_ACCOUNTS), DEMO_PLAYERS.empty].map((a) => a.id));
    for (const player of this.players.values()) {
      if (demoIds.has(player.user.id) || !rng.chance(0.35)) continue;
      if (rng.chance(0.7)) link(player.user.id, 'teamspeak');
      if (rng.chance(0.6)) link(player.user.id, 'discord');
    }
  }
}
