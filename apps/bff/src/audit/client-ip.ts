/**
 * Client addresses are kept shortened (data minimisation): IPv4 to its /24 (`203.0.113.0`), IPv6 to
 * its /48 (`2001:db8:1::`). Enough to tell networks apart, not enough to name a household.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function shortenIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0`;
  if (isIPv6(address)) {
    const [head = '', tail = ''] = address.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = address.includes('::')
      ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
      : left;
    return `${groups
      .slice(0, 3)
      .map((g) => g.replace(/^0+(?=.)/, '').toLowerCase())
      .join(':')}::`;
  }
  return null;
}
