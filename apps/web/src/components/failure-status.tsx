import { NotFoundPage, UnauthorizedPage } from './status-pages';
import { RedirectToLogin } from './redirect-to-login';
import { classifyError } from '../lib/errors';

/**
 * What a failed player call shows when it is not the screen's own failure state: a game API 403 is
 * the unauthorized page, a 404 the not-found page, a 401 the way to the sign-in. Null otherwise.
 */
export function failureStatus(error: unknown) {
  switch (classifyError(error)) {
    case 'forbidden':
      return <UnauthorizedPage />;
    case 'not-found':
      return <NotFoundPage />;
    case 'unauthorized':
      return <RedirectToLogin />;
    default:
      return null;
  }
}
