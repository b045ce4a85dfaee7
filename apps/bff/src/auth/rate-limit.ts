/** The limiter's key for a client address: IPv6 clients by their /64 network (one host has many). */
export function clientKey(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip;
  const [head = ''] = ip.split('::');
  const groups = head.split(':').filter(Boolean);
  if (ip.includes('::') && groups.length < 4) return `${groups.join(':')}::/64`;
  return `${ip.split(':').slice(0, 4).join(':')}::/64`;
}
