// What the REST door costs over tRPC (decision 080, issue 25: at most 0.3 ms more per call on the
// warmed server): the same procedure (a catalogue's list, bearer token of the demo integrator) as
// GET /api/v1/catalogues/wanted-reasons and as GET /trpc/catalogue.wantedReasons.list, one call
// after the other, alternating, medians after a warm-up. Both go to the game API, so its time is in
// both and drops out of the difference.

export const REST_EXTRA_BUDGET_MS = 0.3;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export async function measureRestCost({ bffUrl, issuer, integrator, warmup = 1000, calls = 1000 }) {
  const tokenAnswer = await fetch(`${issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${integrator.id}:${integrator.secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'nova.catalogues.read' }),
  });
  const { access_token: token } = await tokenAnswer.json();
  const headers = { authorization: `Bearer ${token}` };
  const once = async (url) => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return performance.now() - started;
  };
  const restCall = () => once(`${bffUrl}/api/v1/catalogues/wanted-reasons?pageSize=500`);
  const trpcCall = () => once(`${bffUrl}/trpc/catalogue.wantedReasons.list`);
  const samples = async (count) => {
    const rest = [];
    const trpc = [];
    for (let i = 0; i < count; i++) {
      rest.push(await restCall());
      trpc.push(await trpcCall());
    }
    return { restMs: median(rest), trpcMs: median(trpc), extraMs: median(rest) - median(trpc) };
  };
  await samples(warmup);
  const result = await samples(calls);
  return { ...result, warmupCalls: warmup, ok: result.extraMs <= REST_EXTRA_BUDGET_MS };
}

/** The bench's hook: measures, keeps the result in `report.speed.rest`, prints its line; true when in budget. */
export async function benchRest(report, { bffUrl, issuer }) {
  // The demo integrator client of @nova/demo (TypeScript source, not importable from here).
  const rest = await measureRestCost({
    bffUrl,
    issuer,
    integrator: { id: 'integrator', secret: 'integrator-dev-secret' },
  });
  report.speed.rest = rest;
  console.log(restCostLine(rest));
  return rest.ok;
}

function restCostLine(r) {
  return `REST gegen tRPC (catalogue.wantedReasons.list, Bearer, abwechselnd, Median nach ${r.warmupCalls} Aufrufen zum Aufwärmen): REST ${r.restMs.toFixed(2)} ms, tRPC ${r.trpcMs.toFixed(2)} ms → ${r.extraMs.toFixed(2)} ms Mehrkosten ${r.ok ? '✓' : '✗'} (Budget ≤ ${REST_EXTRA_BUDGET_MS.toFixed(2)} ms)`;
}
