import { describe, expect, it } from 'vitest';
import {
  auditChangeSummary,
  auditDetailText,
  auditFieldChanges,
  auditSentence,
  auditSentenceText,
  auditValuesMatching,
  type AuditRecordWords,
} from './audit';

const record = (overrides: Partial<AuditRecordWords>): AuditRecordWords => ({
  action: 'catalogue.serverRadios.update',
  targetType: 'catalogue.serverRadios',
  targetId: '26',
  before: null,
  after: null,
  outcome: 'success',
  detail: null,
  ...overrides,
});

describe('audit sentences', () => {
  it('names a catalogue change with its entity and the target name from the after-state', () => {
    const sentence = auditSentence(
      record({ before: { id: 26, name: 'Alt' }, after: { id: 26, name: 'Prüfradio Nord' } }),
    );
    expect(auditSentenceText(sentence)).toBe('Radiosender „Prüfradio Nord“ geändert');
    expect(sentence.href).toBe('/control-panel/admin/server-manager/radio-manager?bearbeiten=26');
  });

  it('takes the name of a deleted row from its before-state', () => {
    const sentence = auditSentence(
      record({
        action: 'catalogue.achievements.remove',
        targetType: 'catalogue.achievements',
        targetId: '3',
        before: { id: 3, name: 'Angler', exp: 10 },
      }),
    );
    expect(auditSentenceText(sentence)).toBe('Achievement „Angler“ gelöscht');
  });

  it('uses the wanted reason as the name of a wanted reason', () => {
    const sentence = auditSentence(
      record({
        action: 'catalogue.wantedReasons.create',
        targetType: 'catalogue.wantedReasons',
        after: { id: 9, reason_name: 'Raub', points: 3 },
      }),
    );
    expect(auditSentenceText(sentence)).toBe('Wantedgrund „Raub“ angelegt');
  });

  it('falls back to the number when the record has no name', () => {
    const sentence = auditSentence(
      record({ action: 'catalogue.vehicleTypes.update', targetType: 'catalogue.vehicleTypes' }),
    );
    expect(auditSentenceText(sentence)).toBe('Fahrzeugtyp „Nr. 26“ geändert');
  });

  it('says what was tried when the action was refused', () => {
    const sentence = auditSentence(
      record({ action: 'syncManager.groups.remove', targetType: 'sync.group', outcome: 'refused' }),
    );
    expect(auditSentenceText(sentence)).toBe('Sync Gruppe „Nr. 26“ löschen');
    expect(sentence.href).toBe('/control-panel/admin/sync-manager?tab=groups');
  });

  it('has sentences without a target for sign-ins', () => {
    const signIn = auditSentence(
      record({ action: 'auth.sign-in', targetType: 'user', targetId: 'b91d4e7c' }),
    );
    expect(auditSentenceText(signIn)).toBe('Angemeldet');
    expect(signIn.href).toBeNull();
    expect(auditSentenceText(auditSentence(record({ action: 'auth.step-up', targetType: 'user' })))).toBe(
      'Erneut angemeldet (Bestätigung vor dem Löschen)',
    );
  });

  it('translates the coded details', () => {
    expect(auditDetailText('step-up-required')).toBe('erneute Anmeldung nötig');
    expect(auditDetailText('forbidden')).toBe('keine Berechtigung');
    expect(auditDetailText('2 ended')).toBe('2 beendet');
    expect(auditDetailText('outcome-applied')).toBe(
      'keine rechtzeitige Antwort der Spiel-API; nachgelesen: gespeichert',
    );
    expect(auditDetailText('outcome-not-applied')).toBe(
      'keine Antwort der Spiel-API; nachgelesen: nicht gespeichert',
    );
    expect(auditDetailText('outcome-unknown')).toBe(
      'keine Antwort der Spiel-API; ob gespeichert, ist unklar',
    );
    expect(auditDetailText('Trotzdem gespeichert (Überschreiben)')).toBe(
      'Trotzdem gespeichert (Überschreiben)',
    );
  });
});

describe('audit field changes', () => {
  it('labels fields from the registry and formats values as the tables do', () => {
    const changes = auditFieldChanges({
      targetType: 'catalogue.achievements',
      before: { id: 3, name: 'Angler', description: 'Fang', exp: 1500, money: 200 },
      after: { id: 3, name: 'Angler', description: 'Fang', exp: 1500, money: 1000 },
    });
    expect(changes.map((change) => change.label)).toEqual([
      'ID',
      'Name',
      'Beschreibung',
      'Erfahrung',
      'Geld',
    ]);
    expect(auditChangeSummary(changes)).toBe('Geld: 200 $ → 1.000 $');
  });

  it('shows option labels, not codes', () => {
    const changes = auditFieldChanges({
      targetType: 'catalogue.serverSkins',
      before: { id: 1, gender: 0, wearhat: 0, expiration: 10 },
      after: { id: 1, gender: 1, wearhat: 1, expiration: 30 },
    });
    expect(auditChangeSummary(changes)).toBe(
      'Geschlecht: Männlich → Weiblich; Hut: Nein → Ja; Ablauf: 10 Tage → 30 Tage',
    );
  });

  it('names sync fields with the sync manager columns and shows groups by name', () => {
    const changes = auditFieldChanges({
      targetType: 'sync.object',
      before: { id: 4, plattform: 'discord', externalId: '1', description: 'A', syncGroup: null },
      after: {
        id: 4,
        plattform: 'teamspeak',
        externalId: '1',
        description: 'A',
        syncGroup: { id: 2, name: 'Team' },
      },
    });
    expect(auditChangeSummary(changes)).toBe('Plattform: Discord → Teamspeak; Sync Group: – → Team');
  });

  it('has no field changes for records whose states are not rows', () => {
    expect(auditFieldChanges({ targetType: 'user', before: null, after: null })).toEqual([]);
    expect(auditFieldChanges({ targetType: 'session', before: [{ ip: '1.2.3.0' }], after: null })).toEqual(
      [],
    );
  });

  it('reads an undo as the target with the change it took back', () => {
    const undo = record({
      action: 'audit.undo',
      targetId: '26',
      before: { id: 26, name: 'Prüfradio Nord', url: 'https://b.example' },
      after: { id: 26, name: 'Prüfradio Nord', url: 'https://a.example' },
      undoOf: '812',
    });
    expect(auditSentenceText(auditSentence(undo))).toBe(
      'Radiosender „Prüfradio Nord“: Änderung Nr. 812 rückgängig gemacht',
    );
    expect(auditSentenceText(auditSentence({ ...undo, outcome: 'refused' }))).toBe(
      'Radiosender „Prüfradio Nord“ – Änderung Nr. 812 rückgängig machen',
    );
  });

  it('links an undo to the record it took back', () => {
    const undo = record({ action: 'audit.undo', after: { id: 26, name: 'Prüfradio Nord' }, undoOf: '812' });
    expect(auditSentence(undo).undone).toEqual({
      before: '',
      text: 'Änderung Nr. 812',
      recordId: '812',
      after: 'rückgängig gemacht',
    });
  });
});

describe('codes by their names (decision 093)', () => {
  it('names a refused target by the name the BFF found, a vehicle type by its model, else by number', () => {
    const refused = record({ outcome: 'refused', detail: 'forbidden' });
    expect(auditSentenceText(auditSentence({ ...refused, targetName: 'Prüfradio Nord' }))).toBe(
      'Radiosender „Prüfradio Nord“ ändern',
    );
    expect(auditSentenceText(auditSentence(refused))).toBe('Radiosender „Nr. 26“ ändern');
    const vehicle = record({
      action: 'catalogue.vehicleTypes.update',
      targetType: 'catalogue.vehicleTypes',
      targetId: '411',
    });
    expect(auditSentenceText(auditSentence(vehicle))).toBe('Fahrzeugtyp „Infernus“ geändert');
  });

  it('shows codes by their names in the before and after', () => {
    const vehicle = auditFieldChanges({
      targetType: 'catalogue.vehicleTypes',
      before: { vehtype: 0, tankclass: 1, cangas: 0, enginestart: 2 },
      after: { vehtype: 9, tankclass: 1, cangas: 1, enginestart: 3 },
    });
    expect(vehicle.map((change) => [change.label, change.before, change.after])).toEqual([
      ['Gasantrieb', 'Nein', 'Ja'],
      ['Tankklasse', 'Diesel', 'Diesel'],
      ['Fahrzeugart', 'Pkw', 'Ferngesteuert'],
      ['Motorstart', '2 Sekunden', '3 Sekunden'],
    ]);
    const skin = auditFieldChanges({
      targetType: 'catalogue.serverSkins',
      before: { faction: -1 },
      after: { faction: 4 },
    });
    expect(skin.map((change) => [change.before, change.after])).toEqual([['–', 'Nr. 4']]);
  });

  it('reads a search word as field labels, named values and a German number', () => {
    expect(auditValuesMatching('Geld')).toEqual({ fields: ['money'], values: [], number: null });
    expect(auditValuesMatching('diesel').values).toEqual([{ field: 'tankclass', value: 1 }]);
    expect(auditValuesMatching('1.200').number).toBe(1200);
    expect(auditValuesMatching('12,5').number).toBe(12.5);
    expect(auditValuesMatching('Angler')).toEqual({ fields: [], values: [], number: null });
  });
});
