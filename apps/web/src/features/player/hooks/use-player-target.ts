import { useParams } from 'react-router-dom';
import { useSession } from '../../../lib/session';

/**
 * Doc 2 "User route wrapper": the optional route parameter userId names the viewed player; it is a
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
