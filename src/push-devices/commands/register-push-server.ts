import { randomBytes, randomUUID } from 'node:crypto';
import * as readline from 'node:readline';
import { ZULIP_ORG_KEY_LENGTH } from '../../platform/config/app-config';
import { PushSettings, ServerSettings } from '../../platform/config/settings';
import { bouncerRequest } from '../delivery/bouncer-client';

/** Where the service's terms are, and its documentation. */
export const PUSH_SERVICE_TERMS_URL = 'https://zulip.com/policies/terms';
export const PUSH_SERVICE_DOCS_URL = 'https://zulip.readthedocs.io/en/latest/production/mobile-push-notifications.html';

/** A registration the service or the operator refused: the CLI prints the message and exits 1. */
export class PushRegistrationError extends Error {}

/** What `manage register-push-server` reads and prints with. */
export interface PushRegistrationOptions {
  contactEmail: string | undefined;
  agreeToTerms: boolean;
  rotateKey: boolean;
  /** Asks the operator on the terminal (null: there is none). */
  ask: ((question: string) => Promise<string>) | null;
  /** Where the terms are shown (stderr: stdout is the command's JSON answer). */
  show: (text: string) => void;
}

const TERMS_TEXT = `This server's push notifications to the Zulip mobile apps go through Zulip's push
notification service (${'${url}'}), run by Zulip's maintainers under their own terms of
service: ${PUSH_SERVICE_TERMS_URL}
The service is free for organizations of up to 10 users, and for those Zulip sponsors
through its Community plan; others need a plan of theirs. Check that the terms cover this
server and its organizations before agreeing.
Registering sends the service this server's host name and contact email; sending
notifications later also sends each organization's name, URL and user counts by role,
and each notification's content unless PUSH_NOTIFICATION_REDACT_CONTENT is on.
Documentation: ${PUSH_SERVICE_DOCS_URL}`;

/**
 * Zulip's `manage.py register_server`: registers this server with the push notification
 * service (`POST /api/v1/remotes/server/register`) under `ZULIP_ORG_ID` / `ZULIP_ORG_KEY`,
 * once the operator accepted the service's terms (on the terminal, or with
 * `--agree-to-terms-of-service`). Without an id and key set it makes new ones, which the
 * operator then sets; `--rotate-key` replaces the key (the answer names the new one). The
 * server names itself by its own host name; nothing here is sent before the terms are accepted.
 */
export async function registerPushServer(push: PushSettings, server: ServerSettings, options: PushRegistrationOptions): Promise<object> {
  const contactEmail = options.contactEmail ?? server.ownerEmail;
  options.show(TERMS_TEXT.replace('${url}', push.servicesUrl));
  if (!options.agreeToTerms) {
    if (!options.ask) throw new PushRegistrationError(`read the terms above, then run again with --agree-to-terms-of-service to accept them`);
    const answer = (await options.ask('Do you agree to the terms of service of the push notification service? [y/N] ')).trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') throw new PushRegistrationError('the terms of service were not accepted: nothing was registered');
  }
  const generated = push.orgId === undefined || push.orgKey === undefined;
  if (generated && push.orgId !== undefined) throw new PushRegistrationError('ZULIP_ORG_ID is set without ZULIP_ORG_KEY: set both, or neither to register anew');
  const orgId = push.orgId ?? randomUUID();
  const orgKey = push.orgKey ?? newKey();
  const newOrgKey = options.rotateKey && !generated ? newKey() : undefined;
  const outcome = await bouncerRequest(
    push,
    'server/register',
    { form: { zulip_org_id: orgId, zulip_org_key: orgKey, hostname: server.externalHost, contact_email: contactEmail, new_org_key: newOrgKey } },
    false,
  );
  if (outcome.kind === 'retry') throw new PushRegistrationError(`the push notification service could not be reached: ${outcome.reason}`);
  if (outcome.kind !== 'ok') throw new PushRegistrationError(`the push notification service refused the registration: ${outcome.reason}`);
  const keyToSet = newOrgKey ?? (generated ? orgKey : undefined);
  return {
    registered: true,
    created: outcome.body.created === true,
    hostname: server.externalHost,
    contact_email: contactEmail,
    zulip_org_id: orgId,
    ...(keyToSet !== undefined ? { zulip_org_key: keyToSet } : {}),
    next:
      keyToSet !== undefined
        ? 'set ZULIP_ORG_ID and ZULIP_ORG_KEY to these values (keep the key secret) and ZULIP_SERVICE_PUSH_NOTIFICATIONS=true, then restart the server'
        : 'set ZULIP_SERVICE_PUSH_NOTIFICATIONS=true (if not yet) and restart the server',
  };
}

/** A key as Zulip makes them: 64 letters and digits. */
function newKey(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  // 248 is the largest multiple of 62 below 256: no letter is likelier than another.
  return [...randomBytes(ZULIP_ORG_KEY_LENGTH * 2)].filter((byte) => byte < 248).slice(0, ZULIP_ORG_KEY_LENGTH).map((byte) => alphabet[byte % 62]).join('');
}

/** A question on the terminal (stderr), when there is one. */
export function terminalQuestion(): ((question: string) => Promise<string>) | null {
  if (!process.stdin.isTTY) return null;
  return (question) =>
    new Promise((resolve) => {
      const prompt = readline.createInterface({ input: process.stdin, output: process.stderr });
      prompt.question(question, (answer) => {
        prompt.close();
        resolve(answer);
      });
    });
}
