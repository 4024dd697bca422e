import { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Whether the peer at `address`, `hop` steps from the server (0: the socket's peer), is a trusted proxy. */
export type TrustedProxyTest = (address: string, hop: number) => boolean;

/** Nobody is trusted: the client is the socket's peer and `X-Forwarded-For` is ignored. */
const TRUST_NOBODY: TrustedProxyTest = () => false;

/**
 * `TRUSTED_PROXIES`: addresses and CIDR ranges (`10.0.0.0/8`, `::1`) and proxy-addr's
 * names `loopback`, `linklocal`, `uniquelocal`. Throws a TypeError naming a bad entry.
 */
export function trustedProxyTest(entries: readonly string[]): TrustedProxyTest {
  return entries.length === 0 ? TRUST_NOBODY : proxyAddr.compile([...entries]);
}

/**
 * The address a request came from: the socket's peer, or, when that peer is a trusted
 * proxy, the nearest `X-Forwarded-For` entry that is not one (a client cannot forge its
 * way past the proxies it reaches us through). Per-address limits and the per-IP rate
 * limit count by it; Fastify's `request.ip` is the same function (its `trustProxy`).
 */
export function clientAddress(request: IncomingMessage, trusted: TrustedProxyTest): string {
  return proxyAddr(request, trusted);
}
