import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { MyData } from './my-data';
import { OwnSessions } from './own-sessions';

/** Specification §2.12: menu entries with title, description and url. */
const MENU = [
  {
    title: 'Passwort ändern',
    description:
      'Ändere das Passwort deines zentralen Kontos. Es gilt für Forum, Website und Spielserver gleichermaßen.',
    url: '/auth/password',
  },
] as const;

const RESULT: Record<string, { tone: 'success' | 'info' | 'error'; text: string }> = {
  geaendert: { tone: 'success', text: 'Dein Passwort wurde geändert.' },
  abgebrochen: {
    tone: 'info',
    text: 'Die Passwortänderung wurde abgebrochen. Dein Passwort ist unverändert.',
  },
  fehler: { tone: 'error', text: 'Die Passwortänderung ist fehlgeschlagen. Bitte versuche es erneut.' },
};

/**
 * Specification §2.12: "Accounteinstellungen" with one link, "Passwort ändern", opening in a new tab; below
 * it the signed-in devices and "Meine Daten" (decisions 101, 102).
 */
export function SettingsPage() {
  const [params] = useSearchParams();
  const result = RESULT[params.get('passwort') ?? ''];
  return (
    <section>
      <PageHeader
        title="Accounteinstellungen"
        lines={[
          'Hier verwaltest du deinen Spielaccount. Änderungen gelten für Forum, Website und Spielserver.',
        ]}
      />
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <ul className="grid gap-4 md:grid-cols-2">
        {MENU.map((entry) => (
          <li key={entry.url}>
            <Card className="h-full">
              <h2 className="text-lg font-semibold">
                <a href={entry.url} target="_blank" rel="noopener">
                  {entry.title}
                  <span className="sr-only"> (öffnet in einem neuen Tab)</span>
                </a>
              </h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{entry.description}</p>
            </Card>
          </li>
        ))}
      </ul>
      <OwnSessions />
      <MyData />
    </section>
  );
}
