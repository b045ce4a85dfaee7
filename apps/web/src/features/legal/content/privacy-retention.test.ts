import { describe, expect, it } from 'vitest';
import { privacyPolicy } from './terms';

const operator = {
  name: 'Testbetrieb',
  representative: 'Erika Musterfrau',
  street: 'Teststraße 7',
  postalCode: '10115',
  city: 'Berlin',
  country: 'Deutschland',
  email: 'datenschutz@example.org',
  phone: null,
};

const retention = {
  sessionIdleMinutes: 30,
  sessionAbsoluteHours: 10,
  auditDays: 180,
  exportHours: 24,
  privacyRequestDays: 1095,
};

const textOf = (doc: ReturnType<typeof privacyPolicy>) => JSON.stringify(doc);

describe('the privacy policy states the retention the BFF serves', () => {
  it('names the audit log, exports, requests and sessions with their retention', () => {
    const text = textOf(privacyPolicy(operator, retention));
    expect(text).toContain('Speicherdauer des Protokolls: 180 Tage');
    expect(text).toContain('Einträge des Protokolls (Audit-Log) löschen wir 180 Tage nach ihrer Entstehung.');
    expect(text).toContain('Speicherdauer eines Datenexports: 24 Stunden');
    expect(text).toContain('Speicherdauer einer Datenschutzanfrage: 1.095 Tage nach ihrem Abschluss.');
    expect(text).toContain('nach 30 Minuten ohne Aktivität, spätestens jedoch 10 Stunden nach der Anmeldung');
    expect(text).toContain(
      'Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt im Schutz',
    );
  });

  it('changes with the configured audit retention and session timeouts', () => {
    const text = textOf(
      privacyPolicy(operator, {
        ...retention,
        auditDays: 30,
        sessionIdleMinutes: 15,
        sessionAbsoluteHours: 8,
      }),
    );
    expect(text).toContain('Speicherdauer des Protokolls: 30 Tage');
    expect(text).not.toContain('180 Tage');
    expect(text).toContain('nach 15 Minuten ohne Aktivität, spätestens jedoch 8 Stunden nach der Anmeldung');
  });
});
