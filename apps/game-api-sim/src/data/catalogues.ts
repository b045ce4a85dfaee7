/**
 * The server-management catalogues (doc 2 §3): achievements, radio stations and wanted reasons
 * here; vehicle types and server skins in their own files. Fixed tables, not random: an
 * administrator's screen should look the same every time, and the player data refers to these ids.
 */
import type { Achievement } from '@nova/contracts';
import type { RadioStation, WantedReason } from '../types';

const achievementRows: [name: string, description: string, exp: number, money: number][] = [
  ['Erste Schritte', 'Logge dich zum ersten Mal ein', 50, 500],
  ['Führerschein bestanden', 'Bestehe die Führerscheinprüfung', 100, 1000],
  ['Millionär', 'Besitze eine Million Dollar', 500, 0],
  ['Stammgast', 'Logge dich an 7 Tagen in Folge ein', 150, 2500],
  ['Treue Seele', 'Logge dich an 30 Tagen in Folge ein', 400, 10000],
  ['Eigene vier Wände', 'Kaufe dein erstes Haus', 300, 0],
  ['Autonarr', 'Besitze fünf Fahrzeuge gleichzeitig', 250, 5000],
  ['Kilometerfresser', 'Fahre insgesamt 10.000 km', 200, 3000],
  ['Über den Wolken', 'Bestehe den Flugschein', 200, 2000],
  ['Kapitän', 'Bestehe den Bootsschein', 150, 1500],
  ['Easy Rider', 'Bestehe den Motorradschein', 100, 1000],
  ['Gesetzeshüter', 'Tritt einer staatlichen Fraktion bei', 200, 0],
  ['Lebensretter', 'Belebe als Medic 50 Spieler wieder', 300, 5000],
  ['Familienbande', 'Tritt einer Gang bei', 200, 0],
  ['Petri Heil', 'Fange 100 Fische', 150, 2000],
  ['Staatsfeind Nr. 1', 'Erreiche zum ersten Mal sechs Wanteds', 100, 0],
  ['Hinter Gittern', 'Verbüße deine erste Haftstrafe', 50, 0],
  ['Ausbrecher', 'Flüchte erfolgreich aus dem Gefängnis', 250, 0],
  ['Scharfschütze', 'Erreiche in einer Waffenkategorie den Expertenstatus', 300, 0],
  ['Boxchampion', 'Gewinne ein Boxturnier im Ganton Gym', 400, 7500],
  ['Fleißiger Arbeiter', 'Arbeite 100 Schichten in einem Job', 300, 10000],
  ['Glückspilz', 'Gewinne im Lotto', 100, 0],
  ['Aufstieg', 'Erreiche zum ersten Mal ein Prestige', 1000, 25000],
  ['Veteran', 'Spiele insgesamt 1.000 Stunden auf Nova Legacy', 1500, 50000],
];

export const ACHIEVEMENTS: Achievement[] = achievementRows.map(([name, description, exp, money], i) => ({
  id: i + 1,
  name,
  description,
  exp,
  money,
}));

/** The achievement every player who ever logged in has ("Erste Schritte"). */
export const FIRST_ACHIEVEMENT_ID = 1;

const radioRows: [name: string, url: string, color: string][] = [
  ['Nova FM', 'https://radio.nova-legacy.example/nova-fm.mp3', '#7C3AED'],
  ['Radio Los Santos', 'https://radio.nova-legacy.example/radio-los-santos.mp3', '#E53935'],
  ['Deutschrap Straße', 'https://radio.nova-legacy.example/deutschrap.mp3', '#212121'],
  ['Schlagerwelle San Andreas', 'https://radio.nova-legacy.example/schlager.mp3', '#F06292'],
  ['Rock Antenne LV', 'https://radio.nova-legacy.example/rock.mp3', '#FB8C00'],
  ['Techno Bunker SF', 'https://radio.nova-legacy.example/techno.mp3', '#00ACC1'],
  ['Oldie Express', 'https://radio.nova-legacy.example/oldies.mp3', '#8D6E63'],
  ['Chillout Lounge Verona Beach', 'https://radio.nova-legacy.example/chillout.mp3', '#43A047'],
];

/** Stream addresses use the reserved `.example` domain: demo data must not point at real streams. */
export const RADIO_STATIONS: RadioStation[] = radioRows.map(([name, url, color], i) => ({
  id: i + 1,
  name,
  url,
  color,
}));

const wantedRows: [reason: string, points: number, isStatic: 0 | 1][] = [
  ['Fahren ohne Führerschein', 2, 1],
  ['Geschwindigkeitsüberschreitung', 1, 0],
  ['Fahrerflucht', 2, 1],
  ['Gefährlicher Eingriff in den Straßenverkehr', 3, 0],
  ['Beamtenbeleidigung', 1, 0],
  ['Widerstand gegen die Staatsgewalt', 3, 0],
  ['Flucht vor der Polizei', 3, 1],
  ['Diebstahl', 2, 0],
  ['Fahrzeugdiebstahl', 3, 1],
  ['Einbruch', 3, 0],
  ['Sachbeschädigung', 1, 0],
  ['Körperverletzung', 3, 0],
  ['Schwere Körperverletzung', 4, 0],
  ['Mord', 6, 1],
  ['Geiselnahme', 6, 1],
  ['Bankraub', 6, 1],
  ['Drogenbesitz', 2, 0],
  ['Drogenhandel', 5, 0],
  ['Illegaler Waffenbesitz', 4, 1],
  ['Erpressung', 4, 0],
  ['Bestechung eines Beamten', 4, 0],
  ['Vermummung in der Öffentlichkeit', 1, 1],
];

export const WANTED_REASONS: WantedReason[] = wantedRows.map(([reason_name, points, is_static], i) => ({
  id: i + 1,
  reason_name,
  points,
  is_static,
}));
