/**
 * The end-user pages of an authorization request (Keycloak's `login-actions`): the login form and
 * the update-password form of kc_action=UPDATE_PASSWORD. Consent is implicit: the realm's clients
 * are first-party, as in the production Keycloak realm.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Interaction, Provider } from 'oidc-provider';

import type { AccountStore } from './accounts';
import { HttpError, readForm, sendHtml } from './http-util';
import { kcActionResult, UPDATE_PASSWORD_PROMPT } from './kc-action';
import { describeError, type DevIdpLogger } from './log';
import { errorPage, loginPage, MIN_PASSWORD_LENGTH, TEXTS, updatePasswordPage } from './pages';

export const INTERACTION_SEGMENT = '/login-actions/';

export interface InteractionDeps {
  provider: Provider;
  accounts: AccountStore;
  realmPath: string;
  csp: string;
  logger: DevIdpLogger;
}

const INVALID = 'Die Anfrage ist ungültig.';
const EXPIRED = 'Die Anmeldung ist abgelaufen. Bitte kehre zur Anwendung zurück und melde dich erneut an.';

export function validateNewPassword(password: string, confirmation: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return TEXTS.passwordTooShort;
  if (password !== confirmation) return TEXTS.passwordMismatch;
  return undefined;
}

export function createInteractionHandler(deps: InteractionDeps) {
  const { csp } = deps;
  /** `rest` is the path after `{realm}/login-actions/`. */
  return async (req: IncomingMessage, res: ServerResponse, rest: string): Promise<void> => {
    const [uid, action, ...extra] = rest.split('/');
    try {
      if (!uid || extra.length > 0) throw new HttpError(404, INVALID);
      const read = req.method === 'GET' || req.method === 'HEAD';
      const post = req.method === 'POST';
      if (action === undefined && read) await show(deps, req, res, uid);
      else if (action === 'login' && post) await login(deps, req, res, uid);
      else if (action === 'update-password' && post) await updatePassword(deps, req, res, uid);
      else throw new HttpError(405, INVALID);
    } catch (error) {
      if (error instanceof HttpError) {
        sendHtml(res, error.status, errorPage(error.status === 400 ? error.message : INVALID), csp);
        return;
      }
      deps.logger.error(`Anmeldeseite: ${describeError(error)}`);
      sendHtml(res, 500, errorPage('Interner Fehler. Bitte versuche es später erneut.'), csp);
    }
  };
}

/** Where an interaction's form posts to, without the action's own segment. */
function actionUrl(deps: InteractionDeps, uid: string): string {
  return `${deps.realmPath}${INTERACTION_SEGMENT}${uid}`;
}

async function details(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<Interaction> {
  let interaction: Interaction;
  try {
    interaction = await provider.interactionDetails(req, res);
  } catch {
    throw new HttpError(400, EXPIRED);
  }
  if (interaction.uid !== uid) throw new HttpError(400, EXPIRED);
  return interaction;
}

function sessionAccount(accounts: AccountStore, interaction: Interaction) {
  const id = interaction.session?.accountId;
  const account = id === undefined ? undefined : accounts.findById(id);
  if (!account) throw new HttpError(400, EXPIRED);
  return account;
}

async function show(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<void> {
  const { provider, accounts, csp } = deps;
  const interaction = await details(provider, req, res, uid);
  switch (interaction.prompt.name) {
    case 'login': {
      const hint = interaction.params.login_hint;
      sendHtml(
        res,
        200,
        loginPage({
          action: `${actionUrl(deps, uid)}/login`,
          username: typeof hint === 'string' ? hint : '',
        }),
        csp,
      );
      return;
    }
    case UPDATE_PASSWORD_PROMPT:
      sendHtml(
        res,
        200,
        updatePasswordPage({
          action: `${actionUrl(deps, uid)}/update-password`,
          username: sessionAccount(accounts, interaction).username,
        }),
        csp,
      );
      return;
    default:
      throw new HttpError(400, EXPIRED);
  }
}

async function login(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<void> {
  const { provider, accounts, csp } = deps;
  const interaction = await details(provider, req, res, uid);
  if (interaction.prompt.name !== 'login') throw new HttpError(400, EXPIRED);
  const form = await readForm(req);
  const username = form.get('username') ?? '';
  const account = accounts.verify(username, form.get('password') ?? '');
  if (!account) {
    sendHtml(
      res,
      200,
      loginPage({ action: `${actionUrl(deps, uid)}/login`, username, error: TEXTS.invalidCredentials }),
      csp,
    );
    return;
  }
  // `remember: false`: a browser-session cookie, like Keycloak without "Angemeldet bleiben".
  // `ts` is explicit because a later kc_action result is merged with this one and re-applied.
  // `acr` "1" as Keycloak's ID token says after a password sign-in (the BFF names the method).
  const login = { accountId: account.id, remember: false, ts: Math.floor(Date.now() / 1000), acr: '1' };
  await provider.interactionFinished(req, res, { login }, { mergeWithLastSubmission: false });
}

async function updatePassword(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<void> {
  const { provider, accounts, csp } = deps;
  const interaction = await details(provider, req, res, uid);
  if (interaction.prompt.name !== UPDATE_PASSWORD_PROMPT) throw new HttpError(400, EXPIRED);
  const account = sessionAccount(accounts, interaction);
  const form = await readForm(req);
  if (form.get('action') === 'cancel') {
    await provider.interactionFinished(req, res, kcActionResult('cancelled'));
    return;
  }
  const password = form.get('password-new') ?? '';
  const error = validateNewPassword(password, form.get('password-confirm') ?? '');
  if (error) {
    sendHtml(
      res,
      200,
      updatePasswordPage({
        action: `${actionUrl(deps, uid)}/update-password`,
        username: account.username,
        error,
      }),
      csp,
    );
    return;
  }
  accounts.setPassword(account.id, password);
  deps.logger.info(`Passwort von ${account.username} geändert (nur im Speicher).`);
  await provider.interactionFinished(req, res, kcActionResult('success'));
}
