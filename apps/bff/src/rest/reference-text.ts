/** The reference page's introduction (OpenAPI `info.description`, Markdown): the conventions of `/api/v1`. */
export const REFERENCE_TEXT = `Die REST-API von Nova Legacy für Bots, Foren, Ticket-Systeme und Skripte. Jede Operation ruft
dieselbe Prozedur auf wie die Website: dieselben Rechte, Prüfungen, Limits und Protokolleinträge.

## Anmelden
- Jede Anfrage außer den öffentlichen trägt \`Authorization: Bearer <Zugriffstoken>\`. Ein
  Sitzungs-Cookie der Website gilt hier nicht (401).
- **Maschinen-Clients** (Client Credentials) holen ihr Token beim Anmeldedienst und fordern die
  Scopes an, die sie brauchen (\`scope=nova.catalogues.read nova.catalogues.write\`). Jede Operation
  nennt ihren Scope; fehlt er, antwortet die API 403 und nennt ihn in \`scope\`. Scopes:
  \`nova.catalogues.read\`, \`nova.catalogues.write\`, \`nova.sync.read\`, \`nova.sync.write\`,
  \`nova.audit.read\`, \`nova.webhooks\` (Webhooks abonnieren). Löschen dürfen Maschinen-Clients nie.
- Mit dem Token einer **Person** liest ein Skript die eigenen Daten unter \`/me\`.

\`\`\`sh
TOKEN=$(curl -s -u integrator:GEHEIM -d grant_type=client_credentials \\
  -d scope="nova.catalogues.read nova.catalogues.write" \\
  https://anmeldung.example/realms/nova/protocol/openid-connect/token | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
curl -s https://nova.example/api/v1/toplist
\`\`\`

## Ändern ohne fremde Änderungen zu überschreiben (ETag, If-Match)
- \`GET …/{id}\` antwortet mit der Zeile und ihrer \`ETag\`.
- \`PUT\` und \`DELETE\` senden sie als \`If-Match\`. Hat jemand die Zeile inzwischen geändert oder
  gelöscht, ändert die API nichts und antwortet **412** mit der Zeile, wie sie jetzt ist (\`current\`),
  wer sie geändert hat (\`changedBy\`) und der neuen \`ETag\`. Ohne \`If-Match\`: **428**.
- Die Antwort eines \`PUT\` trägt die neue \`ETag\`.

\`\`\`sh
curl -si -H "Authorization: Bearer $TOKEN" https://nova.example/api/v1/catalogues/wanted-reasons/1
curl -s -X PUT -H "Authorization: Bearer $TOKEN" -H 'If-Match: "n1.…"' -H 'Content-Type: application/json' \\
  -d '{"reason_name":"Mord","points":6,"is_static":1}' https://nova.example/api/v1/catalogues/wanted-reasons/1
\`\`\`

## Anlegen ohne Doppel (Idempotency-Key)
\`POST\` trägt \`Idempotency-Key: <neue UUID>\`. Wiederholt ein Skript die Anfrage (etwa nach einem
Verbindungsabbruch) mit demselben Schlüssel, legt die API nichts doppelt an und antwortet mit dem
ersten Ergebnis; läuft die erste noch, antwortet sie 409. Eine neue Anlage braucht einen neuen
Schlüssel. Antwort: **201** mit \`Location\` und \`ETag\`.

## Webhooks
\`POST /webhooks/subscriptions\` abonniert eine Adresse für Ereignisse. Das Geheimnis (\`secret\`,
\`whsec_…\`) steht nur in dieser Antwort und in der von \`…/rotate-secret\`: speichere es sofort. Jede
Zustellung trägt die Standard-Webhooks-Kopfzeilen \`webhook-id\`, \`webhook-timestamp\` und
\`webhook-signature\`; prüfe sie mit einer Standard-Webhooks-Bibliothek.

## Fehler (Problem Details)
Fehler kommen als \`application/problem+json\` (RFC 9457) mit deutschem \`title\` und \`detail\`.
Feldfehler stehen in \`errors\`, je Feld ein JSON Pointer in den Body (\`{"pointer": "/points",
"detail": "…"}\`) oder der Name des Query-Parameters. \`reason\` nennt den Grund, auf den ein Skript
reagieren kann (\`changed\`, \`deleted\`, \`MISSING_SCOPE\`, \`outcome-applied\`, …).
Kam die Antwort des Spielservers nicht (504), sagt \`reason\`, ob die Änderung angekommen ist.

## Limits
Zu viele Anfragen: **429** mit \`Retry-After\` und \`RateLimit-Limit\`, \`RateLimit-Remaining\`,
\`RateLimit-Reset\`. Ist ein benötigter Dienst weg: **503** mit \`Retry-After\`.

## Seiten
Listen antworten seitenweise (\`page\`, \`pageSize\`) mit \`Link\` (RFC 8288: \`first\`, \`prev\`,
\`next\`, \`last\`) und \`X-Total-Count\`. Ein Skript folgt \`rel="next"\`, bis es keinen mehr gibt.

## TypeScript
TypeScript-Skripte können stattdessen die tRPC-Prozeduren mit \`@trpc/client\` aufrufen (README).
`;
