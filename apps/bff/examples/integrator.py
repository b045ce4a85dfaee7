#!/usr/bin/env python3
"""An integrator's script against the REST API of Nova Legacy, with Python's standard library only.

It reads the toplist, creates a wanted reason with an Idempotency-Key (sent twice: created once),
changes it with If-Match and meets a 412 when it writes with the old ETag. See README
"For integrators" and /api/docs.

`verify_webhook` checks a webhook delivery's Standard Webhooks signature (decision 097). As a
command it reads one delivery as JSON (`{"headers": {...}, "body": "..."}`) from standard input:

    NOVA_WEBHOOK_SECRET=whsec_... python3 apps/bff/examples/integrator.py verify-webhook < delivery.json

    NOVA_URL=http://localhost:3000 \
    NOVA_ISSUER=http://localhost:8080/realms/nova \
    NOVA_CLIENT_ID=integrator NOVA_CLIENT_SECRET=integrator-dev-secret \
    python3 apps/bff/examples/integrator.py
"""

import base64
import hashlib
import hmac
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

NOVA_URL = os.environ.get("NOVA_URL", "http://localhost:3000").rstrip("/")
ISSUER = os.environ.get("NOVA_ISSUER", "http://localhost:8080/realms/nova").rstrip("/")
CLIENT_ID = os.environ.get("NOVA_CLIENT_ID", "integrator")
CLIENT_SECRET = os.environ.get("NOVA_CLIENT_SECRET", "integrator-dev-secret")
SCOPES = "nova.catalogues.read nova.catalogues.write"


class ApiError(Exception):
    def __init__(self, status, problem, headers):
        super().__init__(f"{status} {problem.get('title')}: {problem.get('detail')}")
        self.status = status
        self.problem = problem
        self.headers = headers


def token():
    """A client-credentials token with the scopes this script needs."""
    basic = base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
    request = urllib.request.Request(
        f"{ISSUER}/protocol/openid-connect/token",
        data=urllib.parse.urlencode({"grant_type": "client_credentials", "scope": SCOPES}).encode(),
        headers={"Authorization": f"Basic {basic}", "Content-Type": "application/x-www-form-urlencoded"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)["access_token"]


def call(method, path, access_token=None, body=None, headers=None):
    """One API call: (status, headers, JSON body). Errors raise ApiError with the Problem Details."""
    all_headers = {"Accept": "application/json", **(headers or {})}
    if access_token:
        all_headers["Authorization"] = f"Bearer {access_token}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        all_headers["Content-Type"] = "application/json"
    request = urllib.request.Request(f"{NOVA_URL}/api/v1{path}", data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            text = answer.read().decode()
            return answer.status, answer.headers, (json.loads(text) if text else None)
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        raise ApiError(error.code, json.loads(text) if text else {}, error.headers) from None


def verify_webhook(secret, headers, body, tolerance_seconds=300):
    """True when a delivery is signed with `secret` (`whsec_…`) and its timestamp is recent.

    The signed content is `{webhook-id}.{webhook-timestamp}.{body}`; `webhook-signature` holds one
    or more `v1,<base64 HMAC-SHA256>` separated by spaces (several while a secret is being rotated).
    """
    headers = {name.lower(): value for name, value in headers.items()}
    message_id = headers.get("webhook-id", "")
    timestamp = headers.get("webhook-timestamp", "")
    if not message_id or not timestamp.isdigit() or abs(time.time() - int(timestamp)) > tolerance_seconds:
        return False
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{message_id}.{timestamp}.{body}".encode()
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for candidate in headers.get("webhook-signature", "").split(" "):
        version, _, signature = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return True
    return False


def verify_webhook_command():
    delivery = json.load(sys.stdin)
    if verify_webhook(os.environ["NOVA_WEBHOOK_SECRET"], delivery["headers"], delivery["body"]):
        event = json.loads(delivery["body"])
        print(f"Signatur gültig: {event.get('type')} – {event.get('data', {}).get('text')}")
    else:
        sys.exit("Signatur ungültig")


def main():
    # 1. The public toplist needs no token.
    _, _, toplist = call("GET", "/toplist")
    best = toplist["tables"]["most_crimes"][:3]
    print("Bestenliste (Verbrechen):", ", ".join(f"{row['player']} ({row['value']})" for row in best))

    access_token = token()

    # 2. Create a wanted reason with an Idempotency-Key: a repeat (say, after a lost answer) creates
    #    nothing twice and answers with the first result.
    key = str(uuid.uuid4())
    values = {"reason_name": f"Beispiel {key[:8]}", "points": 2, "is_static": 0}
    status, headers, first = call("POST", "/catalogues/wanted-reasons", access_token, values, {"Idempotency-Key": key})
    _, _, again = call("POST", "/catalogues/wanted-reasons", access_token, values, {"Idempotency-Key": key})
    print(f"Angelegt ({status}): {headers['Location']}; Wiederholung: dieselbe Id {again['id'] == first['id']}")
    if again["id"] != first["id"]:
        sys.exit("Erwartet: dieselbe Zeile")
    row_id = first["id"]

    # 3. Read it with its ETag, change it with If-Match: written only if nobody changed it since.
    _, headers, _ = call("GET", f"/catalogues/wanted-reasons/{row_id}", access_token)
    etag = headers["ETag"]
    _, headers, saved = call(
        "PUT", f"/catalogues/wanted-reasons/{row_id}", access_token, {**values, "points": 3}, {"If-Match": etag}
    )
    print(f"Geändert: {saved['points']} Punkte")

    # 4. The old ETag again: 412 with the row as it is now; nothing is overwritten.
    try:
        call("PUT", f"/catalogues/wanted-reasons/{row_id}", access_token, {**values, "points": 5}, {"If-Match": etag})
        sys.exit("Erwartet: 412")
    except ApiError as error:
        if error.status != 412:
            raise
        print(f"412: {error.problem['detail']} Jetzt: {error.problem['current']['points']} Punkte")


if __name__ == "__main__":
    if sys.argv[1:] == ["verify-webhook"]:
        verify_webhook_command()
    else:
        main()
