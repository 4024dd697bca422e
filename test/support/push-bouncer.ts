import * as http from 'node:http';
import { AddressInfo, Socket } from 'node:net';

/** One request the stand-in accepted, as it understood it. */
export interface BouncerRequest {
  /** Below `/api/v1/remotes/`: `push/notify`, `server/register`... */
  endpoint: string;
  userAgent: string;
  /** The form fields (JSON-valued ones parsed) or the JSON body. */
  body: Record<string, unknown>;
}

interface RegisteredServer {
  key: string;
  hostname: string;
  contactEmail: string;
}

interface Device {
  server: string;
  userUuid: string;
  kind: number;
  token: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const FCM = 2;
const APNS = 1;

/**
 * A stand-in for Zulip's push notification service, written from its remote-server
 * protocol (zilencer's views): server registration, the analytics upload with its realms,
 * device registration, and `push/notify` with Zulip's answer (`deleted_devices`, the realm's
 * `can_push`). It checks HTTP Basic credentials and the shapes Zulip's service checks,
 * records every request it accepted, and can go down (connection refused) and come back on
 * the same port.
 */
export class PushBouncerStandIn {
  readonly requests: BouncerRequest[] = [];
  /** Requests it answered with an error, and the error's code. */
  readonly refusals: (BouncerRequest & { code: string })[] = [];
  readonly servers = new Map<string, RegisteredServer>();
  readonly realms = new Map<string, { server: string; host: string; name: string; roleCounts: unknown }>();
  readonly devices: Device[] = [];
  /** Realms (by uuid) the service refuses pushes for: `push/notify` answers PUSH_NOTIFICATIONS_DISALLOWED. */
  readonly disallowed = new Set<string>();
  /**
   * What the service says of a realm (by uuid) in the analytics upload's answer and in
   * `push/notify`'s: `can_push` true and no end timestamp unless set here.
   */
  readonly pushStatus = new Map<string, { can_push: boolean; expected_end_timestamp: number | null }>();
  /** Answer `push/notify` without the realm's status, as services from before Zulip 8 do. */
  notifyOmitsRealm = false;
  /** Tokens the service "forgot" (an app uninstalled): named in the next answers' `deleted_devices`. */
  readonly forgotten = new Set<string>();
  private lastAuditId = 0;
  private server: http.Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The accepted requests to one endpoint. */
  to(endpoint: string): BouncerRequest[] {
    return this.requests.filter((request) => request.endpoint === endpoint);
  }

  async start(port = 0): Promise<this> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const [status, body] = this.handle(req, Buffer.concat(chunks).toString('utf8'));
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  /** Stops listening and drops open connections: the service is down. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port. */
  async restart(): Promise<void> {
    await this.start(this.port);
  }

  private handle(req: http.IncomingMessage, raw: string): [number, Record<string, unknown>] {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const prefix = '/api/v1/remotes/';
    if (!url.pathname.startsWith(prefix)) return error(404, 'Not found', 'BAD_REQUEST');
    const endpoint = url.pathname.slice(prefix.length);
    const body = parseBody(req.headers['content-type'] ?? '', raw);
    if (body === null) return error(400, 'Malformed body', 'BAD_REQUEST');
    if (endpoint === 'server/register') return this.accepted(endpoint, req, body, this.register(body));
    const server = this.authenticate(req.headers.authorization);
    if (!server) return error(401, 'Zulip server auth failure', 'INVALID_ZULIP_SERVER');
    switch (endpoint) {
      case 'server/analytics/status':
        return this.accepted(endpoint, req, body, [200, { result: 'success', msg: '', last_realm_count_id: 0, last_installation_count_id: 0, last_realmauditlog_id: this.lastAuditId }]);
      case 'server/analytics':
        return this.accepted(endpoint, req, body, this.analytics(server, body));
      case 'push/register':
        return this.accepted(endpoint, req, body, this.registerDevice(server, body));
      case 'push/unregister':
        return this.accepted(endpoint, req, body, this.unregisterDevice(server, body));
      case 'push/unregister/all':
        return this.accepted(endpoint, req, body, this.unregisterAll(server, body));
      case 'push/notify':
        return this.accepted(endpoint, req, body, this.notify(server, body));
      case 'push/test_notification':
        return this.accepted(endpoint, req, body, this.testNotification(server, body));
      default:
        return error(404, 'Not found', 'BAD_REQUEST');
    }
  }

  private accepted(endpoint: string, req: http.IncomingMessage, body: Record<string, unknown>, answer: [number, Record<string, unknown>]): [number, Record<string, unknown>] {
    const request = { endpoint, userAgent: String(req.headers['user-agent'] ?? ''), body };
    if (answer[0] === 200) this.requests.push(request);
    else this.refusals.push({ ...request, code: String(answer[1].code) });
    return answer;
  }

  private authenticate(header: string | undefined): string | null {
    const match = /^Basic (.+)$/.exec(header ?? '');
    if (!match) return null;
    const [id, key] = Buffer.from(match[1], 'base64').toString('utf8').split(':');
    const server = this.servers.get(id);
    return server && server.key === key ? id : null;
  }

  /** zilencer's register_remote_server. */
  private register(body: Record<string, unknown>): [number, Record<string, unknown>] {
    const id = String(body.zulip_org_id ?? '');
    const key = String(body.zulip_org_key ?? '');
    const hostname = String(body.hostname ?? '');
    const contactEmail = String(body.contact_email ?? '');
    if (!UUID.test(id)) return error(400, 'Invalid UUID', 'BAD_REQUEST');
    if (key.length !== 64) return error(400, 'zulip_org_key must have length 64', 'BAD_REQUEST');
    if (!/^[^\s/?#]+$/.test(hostname)) return error(400, `${hostname} is not a valid hostname`, 'BAD_REQUEST');
    if (!/^[^\s@]+@[^\s@]+$/.test(contactEmail)) return error(400, 'Enter a valid email address.', 'BAD_REQUEST');
    const existing = this.servers.get(id);
    if (existing && existing.key !== key) return error(401, `Zulip server auth failure: key does not match role ${id}`, 'INVALID_ZULIP_SERVER');
    const newKey = typeof body.new_org_key === 'string' ? body.new_org_key : key;
    this.servers.set(id, { key: newKey, hostname, contactEmail });
    return [200, { result: 'success', msg: '', created: !existing }];
  }

  /** zilencer's remote_server_post_analytics, for the realms and audit rows. */
  private analytics(server: string, body: Record<string, unknown>): [number, Record<string, unknown>] {
    const realms = body.realms;
    const rows = body.realmauditlog_rows ?? [];
    if (!Array.isArray(realms) || !Array.isArray(rows)) return error(400, 'realms and realmauditlog_rows must be lists', 'BAD_REQUEST');
    for (const row of rows as { id: number }[]) {
      if (row.id <= this.lastAuditId) return error(400, 'Data is out of order.', 'BAD_REQUEST');
      this.lastAuditId = row.id;
    }
    const answer: Record<string, unknown> = {};
    for (const realm of realms as { id: number; uuid: string; host: string; name: string; uuid_owner_secret: string }[]) {
      if (!UUID.test(realm.uuid) || !realm.uuid_owner_secret) return error(400, 'Invalid realm', 'BAD_REQUEST');
      const counts = (rows as { realm: number; extra_data: unknown }[]).filter((row) => row.realm === realm.id).map((row) => row.extra_data).pop();
      this.realms.set(realm.uuid, { server, host: realm.host, name: realm.name, roleCounts: counts });
      answer[realm.uuid] = this.statusOf(realm.uuid);
    }
    return [200, { result: 'success', msg: '', realms: answer }];
  }

  private registerDevice(server: string, body: Record<string, unknown>): [number, Record<string, unknown>] {
    const kind = Number(body.token_kind);
    const token = String(body.token ?? '');
    if (kind !== FCM && kind !== APNS) return error(400, 'Invalid token type', 'BAD_REQUEST');
    if (token === '') return error(400, 'Empty or invalid length token', 'BAD_REQUEST');
    if (kind === APNS && !body.ios_app_id) return error(400, 'Missing ios_app_id', 'BAD_REQUEST');
    if (typeof body.user_uuid !== 'string') return error(400, 'Missing user_id or user_uuid', 'BAD_REQUEST');
    if (!this.devices.some((device) => device.server === server && device.userUuid === body.user_uuid && device.kind === kind && device.token === token)) {
      this.devices.push({ server, userUuid: body.user_uuid, kind, token });
    }
    return [200, { result: 'success', msg: '' }];
  }

  private unregisterDevice(server: string, body: Record<string, unknown>): [number, Record<string, unknown>] {
    const before = this.devices.length;
    this.remove((device) => device.server === server && device.userUuid === body.user_uuid && device.kind === Number(body.token_kind) && device.token === String(body.token));
    if (this.devices.length === before) return error(400, 'Token does not exist', 'BAD_REQUEST');
    return [200, { result: 'success', msg: '' }];
  }

  private unregisterAll(server: string, body: Record<string, unknown>): [number, Record<string, unknown>] {
    this.remove((device) => device.server === server && device.userUuid === body.user_uuid);
    return [200, { result: 'success', msg: '' }];
  }

  /** zilencer's remote_server_notify_push. */
  private notify(server: string, body: Record<string, unknown>): [number, Record<string, unknown>] {
    const realmUuid = typeof body.realm_uuid === 'string' ? body.realm_uuid : null;
    if (realmUuid && this.disallowed.has(realmUuid)) {
      return error(400, "Your plan doesn't allow sending push notifications. Reason provided by the server: no plan", 'PUSH_NOTIFICATIONS_DISALLOWED');
    }
    const mine = this.devices.filter((device) => device.server === server && device.userUuid === body.user_uuid && !this.forgotten.has(device.token));
    const known = (kind: number, tokens: unknown) =>
      (Array.isArray(tokens) ? (tokens as string[]) : []).filter((token) => !mine.some((device) => device.kind === kind && device.token === token));
    return [
      200,
      {
        result: 'success',
        msg: '',
        total_android_devices: mine.filter((device) => device.kind === FCM).length,
        total_apple_devices: mine.filter((device) => device.kind === APNS).length,
        deleted_devices: { android_devices: known(FCM, body.android_devices), apple_devices: known(APNS, body.apple_devices) },
        realm: realmUuid && this.realms.has(realmUuid) && !this.notifyOmitsRealm ? this.statusOf(realmUuid) : null,
      },
    ];
  }

  /** zilencer's remote_server_send_test_notification: the device must be registered for that user. */
  private testNotification(server: string, body: Record<string, unknown>): [number, Record<string, unknown>] {
    const base = body.base_payload as Record<string, unknown> | undefined;
    if (typeof base !== 'object' || base === null || typeof base.realm_url !== 'string') return error(400, 'Missing base_payload', 'BAD_REQUEST');
    const known = this.devices.some(
      (device) => device.server === server && device.userUuid === body.user_uuid && device.kind === Number(body.token_kind) && device.token === body.token && !this.forgotten.has(device.token),
    );
    if (!known) return error(400, 'Device not recognized by the push bouncer', 'INVALID_REMOTE_PUSH_DEVICE_TOKEN');
    return [200, { result: 'success', msg: '' }];
  }

  private statusOf(realmUuid: string): { can_push: boolean; expected_end_timestamp: number | null } {
    return this.pushStatus.get(realmUuid) ?? { can_push: !this.disallowed.has(realmUuid), expected_end_timestamp: null };
  }

  private remove(match: (device: Device) => boolean): void {
    for (let index = this.devices.length - 1; index >= 0; index -= 1) if (match(this.devices[index])) this.devices.splice(index, 1);
  }
}

function error(status: number, msg: string, code: string): [number, Record<string, unknown>] {
  return [status, { result: 'error', msg, code }];
}

/** Form fields as Zulip's views read them (a JSON-looking value parsed), or a JSON body. */
function parseBody(contentType: string, raw: string): Record<string, unknown> | null {
  if (raw === '') return {};
  if (contentType.startsWith('application/json')) {
    try {
      const value: unknown = JSON.parse(raw);
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    try {
      fields[key] = /^[[{"]/.test(value) || /^-?\d+$/.test(value) ? JSON.parse(value) : value;
    } catch {
      fields[key] = value;
    }
  }
  return fields;
}
