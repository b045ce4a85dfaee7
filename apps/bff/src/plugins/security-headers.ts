/**
 * Security headers for every answer: a strict Content-Security-Policy (scripts only from our origin;
 * images also from ASSET_BASE_URL; forms may lead to the identity provider, because logout redirects
 * there), no framing (CSP `frame-ancestors 'none'` and, for older browsers, `X-Frame-Options: DENY`,
 * the same rule), no sniffing, HSTS on https, and a Permissions-Policy that turns off the browser
 * features the site never uses (the clipboard stays: the Teamspeak page copies the nickname).
 *
 * helmet computes the headers once at start-up (they depend only on the configuration); each answer
 * then gets the same precomputed set. Running helmet per request re-serialised the policy every time
 * and cost a measurable share of the public toplist's throughput (decision 017).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaderOptions {
  assetBaseUrl: string;
  publicUrl: string;
  issuer: string;
  https: boolean;
  /** Hash sources (`sha256-…`) of the page's own inline scripts (decision 052). */
  scriptHashes?: readonly string[];
}

export function helmetOptions(options: SecurityHeaderOptions): HelmetOptions {
  const assetOrigin = new URL(options.assetBaseUrl, options.publicUrl).origin;
  const idpOrigin = new URL(options.issuer).origin;
  const self = "'self'";
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        scriptSrc: [self, ...(options.scriptHashes ?? []).map((hash) => `'${hash}'`)],
        // React and Radix set style attributes (bar widths, positions). Inline scripts: only those
        // whose hash is listed (the theme script of index.html).
        styleSrc: [self, "'unsafe-inline'"],
        imgSrc: [self, 'data:', ...(assetOrigin === options.publicUrl ? [] : [assetOrigin])],
        fontSrc: [self],
        connectSrc: [self],
        frameAncestors: ["'none'"],
        formAction: [self, idpOrigin],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  };
}

/** The headers helmet would set, computed once by running it against a recording response. */
export function computeSecurityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(helmetOptions(options))({} as unknown as IncomingMessage, recorder, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined)
    throw failure instanceof Error ? failure : new Error('helmet failed', { cause: failure });
  headers.set('permissions-policy', PERMISSIONS_POLICY);
  return Object.fromEntries(headers);
}

/** Unencapsulated (fastify-plugin): every answer of the app gets the headers. */
export const securityHeaders = fp<SecurityHeaderOptions>(
  (app, options, done) => {
    const headers = computeSecurityHeaders(options);
    app.addHook('onRequest', (_request, reply, next) => {
      reply.headers(headers);
      next();
    });
    done();
  },
  { name: 'security-headers', fastify: '5.x' },
);

/**
 * Headers that act only on a document (or a worker): what a page may load and do, framing, its
 * browsing context group, legacy download/XSS switches. A script or stylesheet the page loads
 * carries them for nothing, about 0.8 KB per file (JavaScript transferred per public
 * page); such answers keep the ones that do act on them: `X-Content-Type-Options` (no sniffing of
 * scripts and styles), `Cross-Origin-Resource-Policy`, `Referrer-Policy` (module imports) and HSTS.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Features no page of the site uses, off for it and for anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');
