/** The account synchronisation screens (doc 2 "Sync overview", "Teamspeak/Discord sync page"). */
export { DiscordSyncPage } from '../../features/sync/discord-page';
export { SyncOverviewPage } from '../../features/sync/sync-overview-page';
export { TeamspeakSyncPage } from '../../features/sync/teamspeak-page';
