/**
 * Where webhooks may go (decision 097): in production only public addresses. A target whose host
 * is, or resolves to, a loopback, private, link-local or otherwise internal address is refused when
 * it is subscribed and again at every attempt, where the address checked is the address connected
 * to (the lookup is pinned, so DNS cannot answer differently in between). Redirects are never
 * followed. `WEBHOOKS_ALLOW_PRIVATE_TARGETS=true` allows them, and plain http, for tests and the demo.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_TEXTS } from '@nova/domain';

const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is internal (an IPv4-mapped IPv6 address counts as its IPv4 address). */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return INTERNAL.check(mapped[1], 'ipv4');
  return INTERNAL.check(address, 'ipv6');
}

/** A target refused, with the German reason the form shows. */
export class TargetRefused extends Error {
  override name = 'TargetRefused';
}

export interface TargetPolicy {
  allowPrivate: boolean;
  /** DNS (tests replace it). */
  resolve?: (host: string) => Promise<string[]>;
}

const resolveAll = (host: string) =>
  new Promise<string[]>((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map((entry) => entry.address));
    });
  });

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Checks a target before it is subscribed: its scheme, and every address its host resolves to. */
export async function checkTarget(raw: string, policy: TargetPolicy): Promise<URL> {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(policy.allowPrivate && url.protocol === 'http:')) {
    throw new TargetRefused(WEBHOOK_TEXTS.httpsOnly);
  }
  if (policy.allowPrivate) return url;
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (policy.resolve ?? resolveAll)(host);
  } catch (error) {
    throw new TargetRefused(WEBHOOK_TEXTS.unresolvable, { cause: error });
  }
  if (addresses.length === 0) throw new TargetRefused(WEBHOOK_TEXTS.unresolvable);
  if (addresses.some(isInternalAddress)) throw new TargetRefused(WEBHOOK_TEXTS.privateTarget);
  return url;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The lookup an attempt connects through: every address of the host is checked, and the connection
 * goes to the addresses checked. Node skips the lookup for an IP literal, so `send` checks those.
 */
export function checkedLookup(policy: TargetPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) {
        callback(error, []);
        return;
      }
      if (
        !policy.allowPrivate &&
        (addresses.length === 0 || addresses.some((a) => isInternalAddress(a.address)))
      ) {
        callback(new TargetRefused(WEBHOOK_TEXTS.privateTarget), []);
        return;
      }
      if (options.all) {
        callback(null, addresses);
        return;
      }
      const first = addresses[0];
      if (!first) {
        callback(new TargetRefused(WEBHOOK_TEXTS.unresolvable), []);
        return;
      }
      callback(null, first.address, first.family);
    });
  };
}

/** An IP literal target, checked as the lookup would check a name. */
export function refusedLiteral(url: URL, policy: TargetPolicy): boolean {
  const host = hostOf(url);
  return !policy.allowPrivate && isIP(host) !== 0 && isInternalAddress(host);
}
