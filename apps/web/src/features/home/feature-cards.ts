/** Specification §2.16: the six feature cards of the start page. */
export const FEATURES = [
  {
    title: 'Community',
    text: 'Eine aktive, hilfsbereite Community mit Forum, Discord und Teamspeak – hier findest du jederzeit Mitspieler und Ansprechpartner.',
  },
  {
    title: 'Events',
    text: 'Regelmäßige Fight-Events, Turniere und Serveraktionen. Alle Termine stehen im Fight-Kalender.',
  },
  {
    title: 'Wirtschaft',
    text: 'Eine lebendige Wirtschaft mit Jobs, Unternehmen, Fahrzeugen und Immobilien – verdiene dein Geld ehrlich oder riskant.',
  },
  {
    title: 'Fraktionen',
    text: 'Staatliche Fraktionen, Gangs und Organisationen: Wähle deine Seite und schreibe die Geschichte von San Andreas mit.',
  },
  {
    title: 'Innovation',
    text: 'Eigene Systeme statt Standard-Skripte: Unser Team entwickelt den Server ständig weiter und setzt Ideen der Community um.',
  },
  {
    title: 'Anti Cheat Client',
    text: 'Unser hauseigener Anti-Cheat-Client sorgt für faire Bedingungen – damit Können zählt und nicht Schummelei.',
  },
] as const;
