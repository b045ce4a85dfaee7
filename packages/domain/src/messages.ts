/** German messages for errors the user can meet, shared by the BFF and the SPA. */
export const ERROR_MESSAGES = {
  UNAUTHORIZED: 'Bitte melde dich an.',
  /** A session that ended while the page was open (lost with Redis, timed out, refresh refused). */
  SESSION_ENDED: 'Deine Sitzung ist abgelaufen – bitte melde dich erneut an',
  FORBIDDEN: 'Sorry, hierfür besitzt du keine Berechtigung.',
  NOT_FOUND: 'Seite nicht gefunden',
  BAD_REQUEST: 'Bitte überprüfe deine Eingaben.',
  CONFLICT: 'Das gibt es bereits.',
  BAD_GATEWAY: 'Der Spielserver hat nicht wie erwartet geantwortet. Bitte versuche es später erneut.',
  GATEWAY_TIMEOUT: 'Der Spielserver antwortet gerade nicht. Bitte versuche es später erneut.',
  GAME_API_UNAVAILABLE:
    'Der Spielserver ist gerade nicht erreichbar. Bitte versuche es in ein paar Sekunden erneut.',
  RETRY: 'Die Anmeldung wird gerade erneuert. Bitte versuche es gleich noch einmal.',
  IDP_UNAVAILABLE: 'Der Anmeldedienst ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
  SERVICE_UNAVAILABLE:
    'Ein benötigter Dienst ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
  RATE_LIMITED: 'Zu viele Anfragen in kurzer Zeit. Bitte warte einen Moment und versuche es erneut.',
  CSRF: 'Die Anfrage wurde aus Sicherheitsgründen abgelehnt. Bitte lade die Seite neu.',
  GENERIC: 'Etwas ist schiefgelaufen',
  OFFLINE: 'Keine Verbindung zum Server. Bitte prüfe deine Internetverbindung.',
  /** Live streams (decision 106): more than a session may hold, or a caller without a browser session. */
  LIVE_STREAMS:
    'Zu viele Live-Verbindungen in dieser Sitzung. Schließe andere Tabs des Control Panels und lade neu.',
  LIVE_SESSIONS_ONLY: 'Live-Aktualisierungen gibt es nur in der Weboberfläche.',
} as const;
