import { cn } from '../../lib/cn';
import { markLeaving } from '../../lib/session';

/** Logout is a same-origin POST (architecture §5: it cannot be triggered cross-site). */
export function LogoutButton({ className }: { className?: string }) {
  return (
    <form method="post" action="/auth/logout" className="contents" onSubmit={markLeaving}>
      <button type="submit" className={cn('cursor-pointer', className)}>
        Logout
      </button>
    </form>
  );
}
