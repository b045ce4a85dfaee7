/**
 * Screens whose routes and guards exist now and whose content follows in later issues
 * (synchronisation wizards, sync manager). They say so instead of faking data.
 */
import { ComingSoon } from '../../components/coming-soon';

export function SyncOverviewPage() {
  return <ComingSoon title="Account Synchronisation" issue="Synchronisation von Teamspeak und Discord" />;
}

export function TeamspeakSyncPage() {
  return <ComingSoon title="Teamspeak Synchronisation" issue="Synchronisation von Teamspeak und Discord" />;
}

export function DiscordSyncPage() {
  return <ComingSoon title="Discord Synchronisation" issue="Synchronisation von Teamspeak und Discord" />;
}

export function SyncManagerPage() {
  return <ComingSoon title="Sync Management" issue="Sync Manager" />;
}
