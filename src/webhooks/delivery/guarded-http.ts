import * as dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import { addressAllowed, checkLiteralHost, guardedLookup, parseHttpUrl, RefusedAddress, urlHost } from '../../platform/net/outbound-address';

/** The answer of a webhook receiver, its body read up to the size cap. */
export interface GuardedResponse {
  status: number;
  body: string;
}

/** No answer within the time limit (Zulip retries these). */
export class WebhookTimeout extends Error {}
/** The receiver could not be reached (Zulip retries these). */
export class WebhookConnectionError extends Error {}
/** A 2xx answer was longer than the cap (other answers are cut at the cap). */
export class WebhookResponseTooLarge extends Error {}

const MAX_REDIRECTS = 3;

/**
 * Checks, when a bot is saved, that its URL's host does not resolve to a refused
 * address. A name that does not resolve (yet) passes: delivery checks again at connection
 * time, on the addresses it really connects to.
 */
export async function checkWebhookUrl(url: string, allowedHosts: ReadonlySet<string>): Promise<void> {
  const parsed = parseHttpUrl(url);
  const host = urlHost(parsed);
  const addresses = net.isIP(host) ? [host] : await resolveAll(host);
  for (const address of addresses) {
    if (!addressAllowed(host, address, allowedHosts)) {
      throw new RefusedAddress('points to a private, loopback or link-local address');
    }
  }
}

const SAVE_TIME_LOOKUP_MS = 3000;

async function resolveAll(host: string): Promise<string[]> {
  const lookup = dns.promises.lookup(host, { all: true }).then(
    (entries) => entries.map((entry) => entry.address),
    () => [] as string[],
  );
  const giveUp = new Promise<string[]>((resolve) => setTimeout(() => resolve([]), SAVE_TIME_LOOKUP_MS).unref());
  return Promise.race([lookup, giveUp]);
}

/**
 * POSTs to a webhook receiver with the address guard on every hop: redirects are
 * followed (at most three; 307 and 308 keep the POST, the others turn into a GET as
 * browsers do) only to allowed addresses; the whole exchange has one deadline and the
 * body a size cap: a longer 2xx body fails, any other is cut there.
 */
export async function guardedPost(
  url: string,
  request: { contentType: string; body: string; userAgent: string },
  limits: { timeoutMs: number; maxResponseBytes: number; allowedHosts: ReadonlySet<string> },
): Promise<GuardedResponse> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  let target = url;
  let method = 'POST';
  for (let hop = 0; ; hop++) {
    const parsed = parseHttpUrl(target);
    checkLiteralHost(parsed, limits.allowedHosts);
    const response = await exchange(parsed, method, method === 'POST' ? request : null, request.userAgent, limits, deadline);
    if (response.location !== null && hop < MAX_REDIRECTS) {
      target = new URL(response.location, parsed).toString();
      if (response.status !== 307 && response.status !== 308) method = 'GET';
      continue;
    }
    return { status: response.status, body: response.body };
  }
}

function exchange(
  url: URL,
  method: string,
  payload: { contentType: string; body: string } | null,
  userAgent: string,
  limits: { maxResponseBytes: number; allowedHosts: ReadonlySet<string> },
  deadline: AbortSignal,
): Promise<GuardedResponse & { location: string | null }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const headers: http.OutgoingHttpHeaders = { 'user-agent': userAgent, accept: 'application/json' };
    if (payload) {
      headers['content-type'] = payload.contentType;
      headers['content-length'] = Buffer.byteLength(payload.body);
    }
    const req = client.request(
      url,
      { method, headers, lookup: guardedLookup(limits.allowedHosts), signal: deadline, agent: false },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = status >= 300 && status < 400 && typeof res.headers.location === 'string' ? res.headers.location : null;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= limits.maxResponseBytes) {
            chunks.push(chunk);
            return;
          }
          if (status >= 200 && status < 300) {
            req.destroy(new WebhookResponseTooLarge(`The response was longer than ${limits.maxResponseBytes} bytes.`));
            return;
          }
          // Any other answer is judged by its status (5xx retried, 4xx reported, 3xx
          // followed), as Zulip judges it; its body only fills the owner's notice, which
          // shows its start: the part within the cap will do.
          chunks.push(chunk.subarray(0, chunk.length - (size - limits.maxResponseBytes)));
          resolve({ status, location, body: Buffer.concat(chunks).toString('utf8') });
          req.destroy();
        });
        res.on('end', () => resolve({ status, location, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error) => reject(classify(error, deadline)));
      },
    );
    req.on('error', (error) => reject(classify(error, deadline)));
    req.end(payload?.body);
  });
}

function classify(error: Error, deadline: AbortSignal): Error {
  if (error instanceof RefusedAddress || error instanceof WebhookResponseTooLarge) return error;
  if (deadline.aborted) return new WebhookTimeout(error.message);
  return new WebhookConnectionError(error.message);
}
