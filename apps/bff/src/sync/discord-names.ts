/**
 * The Discord name of a linked account (decision 056): taken from Discord's identify answer when the
 * player links, kept beside the player's user id and the Discord id it belongs to, removed when the
 * player unlinks. Never a token.
 */
import type { Database } from '../db/database';

export class DiscordNames {
  constructor(private readonly database: Database) {}

  async remember(userId: string, discordId: string, name: string): Promise<void> {
    const db = await this.database.open();
    await db
      .insertInto('discord_names')
      .values({ user_id: userId, discord_id: discordId, name, updated_at: new Date() })
      .onConflict((c) =>
        c.column('user_id').doUpdateSet({ discord_id: discordId, name, updated_at: new Date() }),
      )
      .execute();
  }

  /** The name kept for this player and Discord id; null when none (or kept for another id). */
  async nameOf(userId: string, discordId: string): Promise<string | null> {
    const db = await this.database.open();
    const row = await db
      .selectFrom('discord_names')
      .select('name')
      .where('user_id', '=', userId)
      .where('discord_id', '=', discordId)
      .executeTakeFirst();
    return row?.name ?? null;
  }

  async forget(userId: string): Promise<void> {
    const db = await this.database.open();
    await db.deleteFrom('discord_names').where('user_id', '=', userId).execute();
  }
}
