import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { loginHref } from '../config/paths';
import { isLeaving } from '../lib/session';
import { Loading } from './ui/loading';

/** Sends the browser to the sign-in and back to this address afterwards (specification §5). */
export function RedirectToLogin() {
  const { pathname, search, hash } = useLocation();
  const returnTo = `${pathname}${search}${hash}`;
  useEffect(() => {
    // A logout already navigates away; a request it cut short must not send the user to sign in.
    if (!isLeaving()) window.location.assign(loginHref(returnTo));
  }, [returnTo]);
  return <Loading text="Weiterleitung zur Anmeldung..." />;
}
