/**
 * Name lists for roleplay characters on a German-speaking SA-MP "reallife" server, where a character
 * name is "Vorname_Nachname". The mix mirrors the player base: mostly German names, plus Turkish,
 * Polish, Italian, Russian and other names common in Germany. (Space-separated strings keep the
 * lists compact.)
 */
const words = (text: string): readonly string[] => text.trim().split(/\s+/);

export const MALE_FIRST_NAMES = words(`
  Jonas Lukas Leon Finn Paul Felix Maximilian Elias Tim Niklas Jan Kevin Dennis Marcel Tobias
  Florian Sebastian Daniel Patrick Stefan Mehmet Emre Can Murat Yusuf Kerem Luca Marco Dimitri
  Sascha Pawel Kacper Milan Nico Ben Moritz Philipp Julian Dominik Ali
`);

export const FEMALE_FIRST_NAMES = words(`
  Sophie Marie Lea Anna Laura Julia Lisa Sarah Hannah Emma Mia Jana Vanessa Jessica Nina
  Katharina Melanie Ayse Elif Zeynep Selin Natalia Olga Chiara Alina Celina Michelle Sandra Svenja
`);

export const LAST_NAMES = words(`
  Weber Müller Schmidt Schneider Fischer Meyer Wagner Becker Schulz Hoffmann Koch Richter Klein
  Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt Werner
  Krause Meier Lehmann Schmid Schulze Maier Köhler Herrmann König Walter Mayer Huber Kaiser Fuchs
  Peters Yilmaz Kaya Demir Öztürk Arslan Kowalski Nowak Wiśniewski Rossi Esposito Romano Ivanov
  Petrov Popescu Jovanović Berisha Sommer Vogel Frank Jung
`);

/** ASCII transliteration for forum logins ("Müller" → "mueller", "Wiśniewski" → "wisniewski"). */
export function toLogin(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
}
