/** Specification §9.9: first 3 characters of the user id, the username, the last 3 characters of the user id. */
export function teamspeakNickname(userId: string, username: string): string {
  return `${userId.slice(0, 3)}${username}${userId.length > 3 ? userId.slice(-3) : userId}`;
}

/** Teamspeak refuses nicknames longer than this: the wizard says so before linking. */
export const TEAMSPEAK_NICKNAME_MAX = 30;

export const TEAMSPEAK_NICKNAME_TOO_LONG = `Dein Teamspeak-Nickname wäre länger als ${TEAMSPEAK_NICKNAME_MAX} Zeichen, das erlaubt Teamspeak nicht. Bitte wende dich an das Team, damit dein Konto verknüpft werden kann.`;

export function teamspeakNicknameFits(nickname: string): boolean {
  return nickname.length <= TEAMSPEAK_NICKNAME_MAX;
}
