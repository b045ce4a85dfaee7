import { ERROR_MESSAGES } from '@nova/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { loginHref } from '../config/paths';
import { isLeaving, useSession } from '../lib/session';
import { buttonClass } from './ui/button';
import { Loading } from './ui/loading';

/**
 * Sends the browser to the sign-in and back to this address afterwards (specification §5). A
 * session that ended while the page was open says so first, with the way to sign in again and come
 * back here (decision 071).
 */
export function RedirectToLogin() {
  const { pathname, search, hash } = useLocation();
  const returnTo = `${pathname}${search}${hash}`;
  const session = useSession();
  // The BFF no longer has the session the browser's cookie named (lib/query-client.ts).
  const expired = session.status === 'ready' && !session.me.signedIn && session.me.sessionExpired === true;
  useEffect(() => {
    // A logout already navigates away; a request it cut short must not send the user to sign in.
    if (!expired && !isLeaving()) window.location.assign(loginHref(returnTo));
  }, [expired, returnTo]);
  if (expired) return <SessionExpired returnTo={returnTo} />;
  return <Loading text="Weiterleitung zur Anmeldung..." />;
}

function SessionExpired({ returnTo }: { returnTo: string }) {
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <p className="text-lg font-semibold">{ERROR_MESSAGES.SESSION_ENDED}</p>
      <a href={loginHref(returnTo)} className={buttonClass()}>
        Erneut anmelden
      </a>
    </section>
  );
}
