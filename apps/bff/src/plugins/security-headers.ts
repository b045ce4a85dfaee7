/**
 * Security headers for every answer: a strict Content-Security-Policy (scripts only from our origin;
 * images also from ASSET_BASE_URL; forms may lead to the identity provider, because logout redirects
 * there), no framing (CSP `frame-ancestors 'none'` and, for older browsers, `X-Frame-Options: DENY`,
 * the same rule), no sniffing, HSTS on https, and a Permissions-Policy that turns off the browser
 * features the site never uses (the clipboard stays: the Teamspeak page copies the nickname).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function securityHeaders(
  app: FastifyInstance,
  options: { assetBaseUrl: string; publicUrl: string; issuer: string; https: boolean },
): Promise<void> {
  const assetOrigin = new URL(options.assetBaseUrl, options.publicUrl).origin;
  const idpOrigin = new URL(options.issuer).origin;
  const self = "'self'";
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        scriptSrc: [self],
        // React and Radix set style attributes (bar widths, positions); no inline script is allowed.
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
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
}

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
