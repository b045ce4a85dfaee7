/** Doc 2 §9: first 3 characters of the user id, the username, the last 3 characters of the user id. */
export function teamspeakNickname(userId: string, username: string): string {
  return `${userId.slice(0, 3)}${username}${userId.length > 3 ? userId.slice(-3) : userId}`;
}
