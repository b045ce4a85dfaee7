/**
 * What a data export holds (decision 101): one JSON file per area, a CSV beside every area that is
 * a table, and a German README naming each file. The game areas are the player screens' data, read
 * through the player router with the person's own token.
 */

export interface ExportArea {
  /** File name without extension, and the part's key in the job table. */
  file: string;
  /** What the README says the file holds. */
  describes: string;
}

/** The player screens, by their procedure in the player router. */
export const GAME_AREAS = [
  {
    file: 'profil',
    procedure: 'profile',
    describes: 'dein Spielerprofil (Level, Prestige, Geld, Werte, Bewegungsstatistik)',
  },
  { file: 'erfolge', procedure: 'achievements', describes: 'alle Erfolge und ob du sie erreicht hast' },
  {
    file: 'fahrzeuge',
    procedure: 'vehicles',
    describes: 'deine Fahrzeuge mit Kennzeichen, Tank, Kilometerstand und Zustand',
  },
  { file: 'gutscheine', procedure: 'coupons', describes: 'deine Gutscheine und ihren Status' },
  { file: 'inventar', procedure: 'inventory', describes: 'dein Inventar (Gegenstand und Menge)' },
  { file: 'lizenzen', procedure: 'licenses', describes: 'deine Lizenzen' },
  { file: 'bankkonten', procedure: 'bankAccounts', describes: 'deine Bankkonten mit Kontostand' },
  { file: 'waffenskills', procedure: 'weaponSkills', describes: 'deine Waffenskills' },
  { file: 'skins', procedure: 'skins', describes: 'deine Skins' },
  { file: 'faehigkeiten', procedure: 'skills', describes: 'deine Fähigkeiten und ihre Stufen' },
] as const;

export type GameProcedure = (typeof GAME_AREAS)[number]['procedure'];

/** The parts besides the game screens, in the order the job collects them. */
export const ACCOUNT_AREA: ExportArea = {
  file: 'konto',
  describes:
    'die Angaben, die der Anmeldedienst über dich an diese Website übermittelt (Benutzername, Anzeigename, E-Mail-Adresse und weitere Profilangaben) – ohne Zugangsschlüssel (Tokens)',
};
export const LINKED_AREA: ExportArea = {
  file: 'verknuepfte-konten',
  describes: 'deine mit Teamspeak und Discord verknüpften Konten (Kennung, bei Discord auch der Name)',
};
export const SESSIONS_AREA: ExportArea = {
  file: 'sitzungen',
  describes:
    'deine derzeit angemeldeten Geräte (Browser, System, gekürzte IP-Adresse, Anmeldezeit, letzte Aktivität)',
};
export const AUDIT_AREA: ExportArea = {
  file: 'audit-log',
  describes:
    'alle Einträge des Audit-Logs, die du ausgelöst hast oder die dich betreffen (Anmeldungen, Sitzungen, Verknüpfungen, Änderungen); Kennungen, Namen und IP-Adressen anderer Personen sind darin geleert',
};

/** Steps of a job: every game area, the linked accounts, the sessions, then the archive. */
export const EXPORT_STEPS = GAME_AREAS.length + 3;

/** The rows of an area's data when it is a table (a list, or a view with a list of `items`). */
export function tableOf(body: unknown): Record<string, unknown>[] | null {
  const rows = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null && Array.isArray((body as { items?: unknown }).items)
      ? (body as { items: unknown[] }).items
      : null;
  if (!rows) return null;
  return rows.map((row) =>
    typeof row === 'object' && row !== null && !Array.isArray(row)
      ? (row as Record<string, unknown>)
      : { Wert: row },
  );
}

/** The short German README of the archive. */
export function readme(personName: string, createdAt: Date, validHours: number): string {
  const when = createdAt.toLocaleString('de-DE', { timeZone: 'Europe/Berlin' });
  const line = (area: ExportArea, csv: boolean) =>
    `- ${area.file}.json${csv ? ` (und ${area.file}.csv)` : ''}: ${area.describes}`;
  return [
    'Nova Legacy – deine Daten',
    '',
    `Dieser Export enthält alles, was die Website (Homepage und Control Panel) über dich lesen kann, Stand ${when} (Berliner Zeit), erstellt für ${personName}.`,
    `Er kann ${validHours} Stunden lang heruntergeladen werden und wird danach gelöscht.`,
    '',
    'Jeder Bereich liegt als JSON-Datei bei (maschinenlesbar, Art. 20 DSGVO). Bereiche, die Tabellen sind, liegen zusätzlich als CSV-Datei bei: UTF-8 mit Byte-Order-Mark, Semikolon als Trennzeichen, Zeiten als TT.MM.JJJJ HH:MM:SS (Berliner Zeit) – so öffnet sie ein deutsches Excel direkt.',
    '',
    'Die Dateien:',
    line(ACCOUNT_AREA, false),
    ...GAME_AREAS.map((area) => line(area, area.procedure !== 'profile')),
    line(LINKED_AREA, true),
    line(SESSIONS_AREA, true),
    line(AUDIT_AREA, true),
    '',
    'Die Spieldaten stammen aus der Spiel-API des Servers, so wie sie die Seiten des Control Panels zeigen. Fragen zu deinen Daten oder zu ihrer Löschung: Accounteinstellungen, „Meine Daten“.',
    '',
  ].join('\r\n');
}
