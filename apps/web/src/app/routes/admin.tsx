/** The account synchronisation screens (specification §2.28 "Sync overview", §2.30, §2.31 "Teamspeak/Discord sync page"). */
export { DiscordSyncPage } from '../../features/sync/discord-page';
export { SyncOverviewPage } from '../../features/sync/sync-overview-page';
export { TeamspeakSyncPage } from '../../features/sync/teamspeak-page';
