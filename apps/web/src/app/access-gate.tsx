import { decide, routeAccess } from '@nova/domain';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RedirectToLogin } from '../components/redirect-to-login';
import { UnauthorizedPage } from '../components/status-pages';
import { Loading } from '../components/ui/loading';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';

/**
 * Specification §5.1 route guard, by the policy table of @nova/domain: not signed in → sign-in, then back to
 * the wanted address; a missing role → the unauthorized page at the same address. Inside the Control
 * Panel (`within`) the unauthorized page is shown in the shell, so the sidebar stays.
 */
export function AccessGate({ children, within }: { children: ReactNode; within?: 'control-panel' }) {
  const { pathname } = useLocation();
  const session = useSession();
  const access = routeAccess(pathname);
  if (access.kind === 'public') return <>{children}</>;
  if (session.status === 'loading') return <Loading />;
  const decision = decide(access, session.me.signedIn ? session.me : null);
  if (decision === 'unauthenticated') return <RedirectToLogin />;
  if (decision === 'forbidden') {
    if (within) return <UnauthorizedPage />;
    if (pathname.startsWith(`${paths.controlPanel}/`)) return <>{children}</>;
    return (
      <main id="inhalt">
        <UnauthorizedPage />
      </main>
    );
  }
  return <>{children}</>;
}
