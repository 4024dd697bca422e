import type { RegisterAnswer, ServerEvent, WireInvite, WireRealmExport } from '../api/types';
import { userEntry } from './user-entry';
import type { ClientState, UserEntry } from './state';

type EventOf<T extends ServerEvent['type']> = Extract<ServerEvent, { type: T }>;
type RealmUserUpdate = Extract<EventOf<'realm_user'>, { op: 'update' }>['person'];

/**
 * The organization's people pages' state (`#organization/users/...`, `bot-list-admin`,
 * `data-exports-admin`): deactivated people (register's `realm_non_active_users`, then
 * `realm_user` events, as Zulip's people.ts keeps them), and what is fetched when a page
 * opens and kept current by events: invitations (refetched on `invites_changed`, which
 * carries no data), the realm's exports (`realm_export` carries the whole list) and who
 * consents to a full export (`realm_export_consent`).
 */
export interface PeopleAdminState {
  readonly nonActiveUsers: Readonly<Record<number, UserEntry>>;
  /** Pending invitations (`GET /invites`); null until fetched. */
  readonly invites: readonly WireInvite[] | null;
  /** How many `invites_changed` events came: the invitations page fetches again when it grows. */
  readonly invitesChanged: number;
  /** The realm's data exports (`GET /export/realm`, then `realm_export`); null until fetched. */
  readonly realmExports: readonly WireRealmExport[] | null;
  /** Each active person's consent to a full export, by user id (`GET /export/realm/consents`); null until fetched. */
  readonly exportConsents: Readonly<Record<number, boolean>> | null;
}

export const EMPTY_PEOPLE_ADMIN: PeopleAdminState = { nonActiveUsers: {}, invites: null, invitesChanged: 0, realmExports: null, exportConsents: null };

/** A person's entry after a `realm_user` update's changed properties. */
export function userChanged(known: UserEntry, person: RealmUserUpdate): UserEntry {
  return {
    ...known,
    ...(person.full_name !== undefined ? { fullName: person.full_name } : {}),
    ...(person.new_email !== undefined ? { email: person.new_email } : {}),
    ...(person.delivery_email !== undefined ? { deliveryEmail: person.delivery_email } : {}),
    ...(person.avatar_url !== undefined ? { avatarUrl: person.avatar_url } : {}),
    ...(person.role !== undefined ? { role: person.role } : {}),
    ...('timezone' in person && typeof person.timezone === 'string' ? { timezone: person.timezone } : {}),
  };
}

/**
 * Register's part. Fetched lists may have missed events while the queue was gone: exports
 * and consents are dropped (an open page fetches them again) and the invitations are
 * marked changed.
 */
export function peopleAdminFromRegister(answer: RegisterAnswer, previous: PeopleAdminState): PeopleAdminState {
  const nonActiveUsers: Record<number, UserEntry> = {};
  for (const user of answer.realm_non_active_users ?? []) nonActiveUsers[user.user_id] = userEntry(user);
  return { nonActiveUsers, invites: previous.invites, invitesChanged: previous.invitesChanged + 1, realmExports: null, exportConsents: null };
}

function without<V>(record: Readonly<Record<number, V>>, id: number): Record<number, V> {
  const copy = { ...record };
  delete copy[id];
  return copy;
}

/**
 * Deactivation and reactivation move a person between the active users (`users`, which the
 * main applier keeps) and `nonActiveUsers`; other changes to a deactivated person apply
 * there. `before` is the state the event found, `after` the main applier's answer.
 */
export function withNonActiveUsers(before: ClientState, after: ClientState, event: EventOf<'realm_user'>): ClientState {
  const id = event.person.user_id;
  if (event.op === 'remove') return after.nonActiveUsers[id] === undefined ? after : { ...after, nonActiveUsers: without(after.nonActiveUsers, id) };
  if (event.op === 'add') {
    if (event.person.is_active !== false) return after.nonActiveUsers[id] === undefined ? after : { ...after, nonActiveUsers: without(after.nonActiveUsers, id) };
    return { ...after, nonActiveUsers: { ...after.nonActiveUsers, [id]: userEntry(event.person) } };
  }
  const person = event.person;
  const active = (person as { is_active?: boolean }).is_active;
  const gone = before.nonActiveUsers[id];
  if (active === false) {
    const leaving = before.users[id];
    return leaving === undefined ? after : { ...after, nonActiveUsers: { ...after.nonActiveUsers, [id]: userChanged(leaving, person) } };
  }
  if (gone === undefined) return after;
  if (active === true) return { ...after, users: { ...after.users, [id]: userChanged(gone, person) }, nonActiveUsers: without(after.nonActiveUsers, id) };
  return { ...after, nonActiveUsers: { ...after.nonActiveUsers, [id]: userChanged(gone, person) } };
}

export function applyInvitesChanged(state: ClientState): ClientState {
  return { ...state, invitesChanged: state.invitesChanged + 1 };
}

export function applyRealmExport(state: ClientState, event: EventOf<'realm_export'>): ClientState {
  return { ...state, realmExports: [...event.exports] };
}

/** A consent change counts only once the consents were fetched (they are not register state). */
export function applyExportConsent(state: ClientState, event: EventOf<'realm_export_consent'>): ClientState {
  if (state.exportConsents === null) return state;
  return { ...state, exportConsents: { ...state.exportConsents, [event.user_id]: event.consented } };
}
