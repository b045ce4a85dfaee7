/**
 * `returnTo` accepts local paths only (no open redirect): anything that would leave the site, or
 * points back into /auth, becomes "/".
 */
export function safeReturnTo(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  // Reject protocol-relative and backslash tricks before URL parsing normalises them away.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return '/';
  }
  let url: URL;
  try {
    url = new URL(value, publicUrl);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(publicUrl).origin) return '/';
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return '/';
  const result = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments normalise away: "/.//evil.example" would become the protocol-relative "//evil.example".
  if (result.startsWith('//') || result.includes('\\')) return '/';
  return result;
}
