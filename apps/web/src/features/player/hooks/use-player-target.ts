import { useParams } from 'react-router-dom';
import { trpc } from '../../../lib/trpc';
import { useSession } from '../../../lib/session';

/**
 * Specification §2.19 "User route wrapper": the optional route parameter userId names the viewed player; it is a
 * foreign profile only when it differs from the signed-in user's id.
 */
export function usePlayerTarget(): { userId: string | undefined; foreign: boolean } {
  const { userId } = useParams();
  const session = useSession();
  const ownId = session.status === 'ready' && session.me.signedIn ? session.me.id : undefined;
  if (!userId || userId === ownId) return { userId: undefined, foreign: false };
  return { userId, foreign: true };
}

/** The procedure input for the viewed player: no id means the signed-in player. */
export function usePlayerInput(): { userId?: string } {
  const { userId } = usePlayerTarget();
  return userId ? { userId } : {};
}

/** The viewed player's user record, asked only on a foreign profile (one cache entry for all screens). */
export function useForeignUser() {
  const { userId, foreign } = usePlayerTarget();
  return trpc.player.user.useQuery(
    { userId: userId ?? '' },
    { enabled: foreign, staleTime: 5 * 60_000, retry: false },
  );
}

/** How a screen names someone else's data: "von {name}" and "{name} hat …". */
export interface OtherPlayer {
  /** After "von": the player's name, "diesem Spieler" while it loads. */
  readonly of: string;
  /** As the subject: the player's name, "Dieser Spieler" while it loads. */
  readonly subject: string;
}

/**
 * A foreign profile's screens name the other player instead of speaking to the viewer as
 * if the data were his. `say(ownText, foreignText)` picks the wording; the player's name comes from
 * `player.user` (batched with the screen's own call, only on foreign profiles).
 */
export function usePlayerWording(): (own: string, foreign: (player: OtherPlayer) => string) => string {
  const { foreign } = usePlayerTarget();
  const name = useForeignUser().data?.displayName;
  const other: OtherPlayer = { of: name ?? 'diesem Spieler', subject: name ?? 'Dieser Spieler' };
  return (own, foreignText) => (foreign ? foreignText(other) : own);
}
