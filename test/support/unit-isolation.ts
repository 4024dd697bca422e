import * as net from 'node:net';

/**
 * Set up before every spec of jest.config.js's `unit` project: a unit spec runs without a
 * server, a database or Redis, so any network connection it opens (PostgreSQL, Redis, HTTP)
 * fails at once with the reason instead of waiting on a service that may be down. A spec
 * that needs one belongs in test/ (the `api` project). The guard is lifted after the file:
 * a jest worker goes on to run the `api` project's files in the same process.
 */
const connect = net.Socket.prototype.connect;

/** Where a connection was going: `connect(options)`, `connect(port, host)`, `connect(path)`, or net's own `[options, listener]`. */
function target(args: unknown[]): string {
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (typeof first === 'number') return `${typeof args[1] === 'string' ? args[1] : 'localhost'}:${first}`;
  if (typeof first !== 'object' || first === null) return String(first);
  const { host, port, path } = first as { host?: string; port?: number; path?: string };
  return path ?? `${host ?? 'localhost'}:${port}`;
}

function refuse(...args: unknown[]): never {
  throw new Error(`a unit spec opened a network connection (to ${target(args)}): specs that need a server, a database or Redis belong in test/`);
}

beforeAll(() => {
  net.Socket.prototype.connect = refuse as unknown as typeof connect;
});

afterAll(() => {
  net.Socket.prototype.connect = connect;
});
