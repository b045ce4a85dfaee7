import { useSession } from '../../lib/session';

/** Specification §2.17: the tickets page shows only the user's custom display name as a heading. */
export function TicketsPage() {
  const session = useSession();
  const name = session.status === 'ready' && session.me.signedIn ? session.me.displayName : '';
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{name}</h1>
    </div>
  );
}
