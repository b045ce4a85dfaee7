/**
 * Screens whose routes and guards exist now and whose content follows in later issues
 * (synchronisation wizards, sync manager, server management). They say so instead of faking data.
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

export function ServerManagerPage() {
  return <ComingSoon title="Server Management" issue="Server Management" />;
}

const MANAGER_TITLES: Record<string, string> = {
  'achievement-manager': 'Achievements verwalten',
  'vehicle-manager': 'Fahrzeuge verwalten',
  'skin-manager': 'Skins verwalten',
  'radio-manager': 'Radiosender verwalten',
  'wanted-manager': 'Wantedkatalog verwalten',
};

export function managerPage(segment: string) {
  const title = MANAGER_TITLES[segment] ?? 'Server Management';
  return function ManagerPage() {
    return <ComingSoon title={title} issue="Server Management" />;
  };
}
