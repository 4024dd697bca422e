import { ApiError, type ApiClient } from '../api/client';
import type { GroupSetting, WireExportConsent, WireInvite, WireRealmExport } from '../api/types';
import { withSubscribers } from './channel-admin-state';
import type { Store } from './store';

/** The realm's pictures: its icon, and its logo for the light and the dark theme. */
export type RealmImageKind = 'icon' | 'logo' | 'night_logo';
/** A new channel as `POST /users/me/subscriptions` creates it (its permission groups by their API names). */
export interface NewChannel {
  readonly name: string;
  readonly description: string;
  readonly principals: readonly number[];
  readonly inviteOnly: boolean;
  readonly isWebPublic: boolean;
  readonly historyPublicToSubscribers: boolean;
  readonly announce: boolean;
  readonly groups: Readonly<Record<string, GroupSetting>>;
}

/** A new user group as `POST /user_groups/create` takes it. */
export interface NewGroup {
  readonly name: string;
  readonly description: string;
  readonly members: readonly number[];
  readonly subgroups: readonly number[];
  readonly groups: Readonly<Record<string, GroupSetting>>;
}

/** An email invitation or a reusable link (`POST /invites`, `POST /invites/multiuse`), as Zulip's invite dialog sends it. */
export interface InvitationRequest {
  /** Zulip's roles: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
  readonly inviteAs: number;
  readonly channelIds: readonly number[];
  readonly groupIds: readonly number[];
  readonly includeDefaultChannels: boolean;
  /** Null: the invitation never expires. */
  readonly expiresInMinutes: number | null;
}

/** A person's changes through `PATCH /users/{id}`; an empty profile value clears the field. */
export interface PersonChanges {
  readonly fullName?: string;
  readonly role?: number;
  readonly profileData?: readonly { id: number; value: string | number[] | null }[];
}

/** An outgoing webhook's endpoint: Zulip's interfaces are 1 (Zulip's own format) and 2 (Slack's). */
export interface OutgoingWebhook {
  readonly payloadUrl: string;
  readonly interfaceType: number;
}

/**
 * What the organization's pages (`#organization/...`, `#channels/...`, `#groups/...`) ask of
 * the server. As with SettingsActions, each request throws the server's refusal (ApiError,
 * its `msg`) for the page to show beside the field, and what changed reaches the store
 * through its event, so every administrator's open page shows the same.
 */
export class AdminActions {
  constructor(
    readonly client: ApiClient,
    readonly store: Store,
  ) {}

  /** `PATCH /realm`: realm settings by their API names. */
  async updateRealm(changes: Readonly<Record<string, unknown>>): Promise<void> {
    await this.client.patch('realm', changes);
  }

  /** `PATCH /realm/user_settings_defaults`: what users created from now on start with. */
  async updateUserDefaults(changes: Readonly<Record<string, unknown>>): Promise<void> {
    await this.client.patch('realm/user_settings_defaults', changes);
  }

  /** `POST /realm/domains`. */
  async addRealmDomain(domain: string, allowSubdomains: boolean): Promise<void> {
    await this.client.post('realm/domains', { domain, allow_subdomains: allowSubdomains });
  }

  /** `PATCH /realm/domains/{domain}`. */
  async changeRealmDomain(domain: string, allowSubdomains: boolean): Promise<void> {
    await this.client.patch(`realm/domains/${encodeURIComponent(domain)}`, { allow_subdomains: allowSubdomains });
  }

  /** `DELETE /realm/domains/{domain}`. */
  async removeRealmDomain(domain: string): Promise<void> {
    await this.client.delete(`realm/domains/${encodeURIComponent(domain)}`);
  }

  /** `POST /realm/icon` or `POST /realm/logo` (with `night` for the dark theme's): the image is the request's one file. */
  async uploadRealmImage(kind: RealmImageKind, file: File): Promise<void> {
    const form = new FormData();
    form.append('file', file);
    if (kind !== 'icon') form.append('night', JSON.stringify(kind === 'night_logo'));
    await this.client.upload(kind === 'icon' ? 'realm/icon' : 'realm/logo', form);
  }

  /** `DELETE /realm/icon` or `DELETE /realm/logo` (`night` in the query): back to the default. */
  async deleteRealmImage(kind: RealmImageKind): Promise<void> {
    if (kind === 'icon') await this.client.delete('realm/icon');
    else await this.client.delete('realm/logo', { night: kind === 'night_logo' });
  }

  /** Creates a channel, subscribing `principals` (the creator among them when they chose so). */
  async createChannel(channel: NewChannel): Promise<void> {
    await this.client.post('users/me/subscriptions', {
      subscriptions: [{ name: channel.name, description: channel.description }],
      principals: channel.principals,
      invite_only: channel.inviteOnly,
      is_web_public: channel.isWebPublic,
      history_public_to_subscribers: channel.historyPublicToSubscribers,
      announce: channel.announce,
      ...channel.groups,
    });
  }

  /** `PATCH /streams/{id}`: `new_name`, `description`, privacy, retention, and group settings as `{new: ...}`. */
  async updateChannel(channelId: number, changes: Readonly<Record<string, unknown>>): Promise<void> {
    await this.client.patch(`streams/${channelId}`, changes);
  }

  async archiveChannel(channelId: number): Promise<void> {
    await this.client.delete(`streams/${channelId}`);
  }

  /** Subscribes people (oneself when `principals` is left out) to a channel by its name. */
  async subscribe(channelName: string, principals?: readonly number[]): Promise<void> {
    await this.client.post('users/me/subscriptions', { subscriptions: [{ name: channelName }], principals });
  }

  async unsubscribe(channelName: string, principals?: readonly number[]): Promise<void> {
    await this.client.delete('users/me/subscriptions', { subscriptions: [channelName], principals });
  }

  /** One of the person's own subscription settings (`color`, `is_muted`, `pin_to_top`, ...). */
  async setSubscriptionProperty(channelId: number, property: string, value: unknown): Promise<void> {
    await this.client.post('users/me/subscriptions/properties', { subscription_data: [{ stream_id: channelId, property, value }] });
  }

  /** A channel's subscribers, into the store; `subscription` peer events keep the list current. */
  async loadSubscribers(channelId: number): Promise<void> {
    const answer = await this.client.get<{ subscribers: number[] }>(`streams/${channelId}/members`);
    this.store.update((state) => withSubscribers(state, channelId, answer.subscribers));
  }

  async addDefaultChannel(channelId: number): Promise<void> {
    await this.client.post('default_streams', { stream_id: channelId });
  }

  async removeDefaultChannel(channelId: number): Promise<void> {
    await this.client.delete('default_streams', { stream_id: channelId });
  }

  async createDefaultChannelGroup(name: string, description: string, channelNames: readonly string[]): Promise<void> {
    await this.client.post('default_stream_groups/create', { group_name: name, description, stream_names: channelNames });
  }

  async updateDefaultChannelGroup(groupId: number, changes: { new_group_name?: string; new_description?: string }): Promise<void> {
    await this.client.patch(`default_stream_groups/${groupId}`, changes);
  }

  async changeDefaultChannelGroupChannels(groupId: number, op: 'add' | 'remove', channelNames: readonly string[]): Promise<void> {
    await this.client.patch(`default_stream_groups/${groupId}/streams`, { op, stream_names: channelNames });
  }

  async deleteDefaultChannelGroup(groupId: number): Promise<void> {
    await this.client.delete(`default_stream_groups/${groupId}`);
  }

  async createGroup(group: NewGroup): Promise<void> {
    await this.client.post('user_groups/create', { name: group.name, description: group.description, members: group.members, subgroups: group.subgroups, ...group.groups });
  }

  /** `PATCH /user_groups/{id}`: name, description, and group settings as `{new: ...}`. */
  async updateGroup(groupId: number, changes: Readonly<Record<string, unknown>>): Promise<void> {
    await this.client.patch(`user_groups/${groupId}`, changes);
  }

  async changeGroupMembers(groupId: number, add: readonly number[], remove: readonly number[]): Promise<void> {
    await this.client.post(`user_groups/${groupId}/members`, { add, delete: remove });
  }

  async changeSubgroups(groupId: number, add: readonly number[], remove: readonly number[]): Promise<void> {
    await this.client.post(`user_groups/${groupId}/subgroups`, { add, delete: remove });
  }

  async deactivateGroup(groupId: number): Promise<void> {
    await this.client.post(`user_groups/${groupId}/deactivate`);
  }
  /** `POST /realm/profile_fields`: a new custom profile field (its definition by the API's names). */
  async createProfileField(definition: Readonly<Record<string, unknown>>): Promise<void> {
    await this.client.post('realm/profile_fields', definition);
  }

  /** `PATCH /realm/profile_fields/{id}`. */
  async updateProfileField(fieldId: number, changes: Readonly<Record<string, unknown>>): Promise<void> {
    await this.client.patch(`realm/profile_fields/${fieldId}`, changes);
  }

  /** `PATCH /realm/profile_fields` with every field's id in its new order. */
  async reorderProfileFields(order: readonly number[]): Promise<void> {
    await this.client.patch('realm/profile_fields', { order });
  }

  async deleteProfileField(fieldId: number): Promise<void> {
    await this.client.delete(`realm/profile_fields/${fieldId}`);
  }

  /** `POST /realm/filters`. */
  async addLinkifier(pattern: string, urlTemplate: string): Promise<void> {
    await this.client.post('realm/filters', { pattern, url_template: urlTemplate });
  }

  /** `PATCH /realm/filters/{id}`: Zulip takes both parts on every edit. */
  async updateLinkifier(linkifierId: number, pattern: string, urlTemplate: string): Promise<void> {
    await this.client.patch(`realm/filters/${linkifierId}`, { pattern, url_template: urlTemplate });
  }

  async removeLinkifier(linkifierId: number): Promise<void> {
    await this.client.delete(`realm/filters/${linkifierId}`);
  }

  /** `PATCH /realm/linkifiers` with every linkifier's id in its new order. */
  async reorderLinkifiers(order: readonly number[]): Promise<void> {
    await this.client.patch('realm/linkifiers', { ordered_linkifier_ids: order });
  }

  /** `POST /realm/playgrounds`. */
  async addPlayground(name: string, language: string, urlTemplate: string): Promise<void> {
    await this.client.post('realm/playgrounds', { name, pygments_language: language, url_template: urlTemplate });
  }

  async removePlayground(playgroundId: number): Promise<void> {
    await this.client.delete(`realm/playgrounds/${playgroundId}`);
  }

  /** `POST /realm/emoji/{name}` with the image as the request's one file. */
  async uploadEmoji(name: string, file: File): Promise<void> {
    const form = new FormData();
    form.append('file', file, file.name);
    await this.client.upload(`realm/emoji/${encodeURIComponent(name)}`, form);
  }

  /** `DELETE /realm/emoji/{name}`: deactivates it (old messages keep showing it). */
  async deactivateEmoji(name: string): Promise<void> {
    await this.client.delete(`realm/emoji/${encodeURIComponent(name)}`);
  }

  // The people pages: users, invitations, bots and data exports (#organization/users/...,
  // bot-list-admin, data-exports-admin).

  /** `PATCH /users/{id}`: role, name and custom profile field values. */
  async updatePerson(userId: number, changes: PersonChanges): Promise<void> {
    await this.client.patch(`users/${userId}`, {
      full_name: changes.fullName,
      role: changes.role,
      profile_data: changes.profileData,
    });
  }

  /** `DELETE /users/{id}`; with a comment, the person is told by email (Zulip's `deactivation_notification_comment`). */
  async deactivatePerson(userId: number, notificationComment: string | null): Promise<void> {
    await this.client.delete(`users/${userId}`, notificationComment === null ? {} : { deactivation_notification_comment: notificationComment });
  }

  async reactivatePerson(userId: number): Promise<void> {
    await this.client.post(`users/${userId}/reactivate`);
  }

  /** Pending invitations are not register state: fetched when the page opens and again on each `invites_changed`. */
  async loadInvites(): Promise<void> {
    const answer = await this.client.get<{ invites: WireInvite[] }>('invites');
    this.store.update((state) => ({ ...state, invites: answer.invites }));
  }

  /**
   * `POST /invites`. Zulip's partial failure (`INVITATION_FAILED`: some addresses skipped)
   * is thrown with each skipped address and the server's reason after its `msg`.
   */
  async invite(emails: string, request: InvitationRequest, notifyOnJoin: boolean): Promise<void> {
    try {
      await this.client.post('invites', {
        invitee_emails: emails,
        notify_referrer_on_join: notifyOnJoin,
        ...invitationParams(request),
      });
    } catch (failure) {
      const errors = failure instanceof ApiError ? failure.body.errors : undefined;
      if (!(failure instanceof ApiError) || !Array.isArray(errors)) throw failure;
      const skipped = errors.map((entry) => (Array.isArray(entry) ? `${String(entry[0])}: ${String(entry[1])}` : String(entry)));
      throw new ApiError(failure.status, failure.code, [failure.message, ...skipped].join('\n'), failure.body);
    }
  }

  /** `POST /invites/multiuse`: the reusable link to pass around. */
  async createInviteLink(request: InvitationRequest): Promise<string> {
    const answer = await this.client.post<{ invite_link: string }>('invites/multiuse', invitationParams(request));
    return answer.invite_link;
  }

  async resendInvite(inviteId: number): Promise<void> {
    await this.client.post(`invites/${inviteId}/resend`);
  }

  async revokeInvite(invite: Pick<WireInvite, 'id' | 'is_multiuse'>): Promise<void> {
    await this.client.delete(invite.is_multiuse ? `invites/multiuse/${invite.id}` : `invites/${invite.id}`);
  }

  /** `PATCH /bots/{id}`: name and owner. */
  async updateBot(botId: number, changes: { fullName?: string; ownerId?: number }): Promise<void> {
    await this.client.patch(`bots/${botId}`, { full_name: changes.fullName, bot_owner_id: changes.ownerId });
  }

  /** `PATCH /bots/{id}` with an outgoing webhook bot's endpoint. */
  async updateBotService(botId: number, service: OutgoingWebhook): Promise<void> {
    await this.client.patch(`bots/${botId}`, { service_payload_url: JSON.stringify(service.payloadUrl), service_interface: service.interfaceType });
  }

  /** A new key; the bot's `realm_bot` update brings it to the store. */
  async regenerateBotKey(botId: number): Promise<void> {
    await this.client.post(`bots/${botId}/api_key/regenerate`);
  }

  async deactivateBot(botId: number): Promise<void> {
    await this.client.delete(`bots/${botId}`);
  }

  /** `POST /bots` for an outgoing webhook bot (bot_type 3). */
  async createOutgoingWebhookBot(fullName: string, shortName: string, service: OutgoingWebhook): Promise<void> {
    await this.client.post('bots', {
      full_name: fullName,
      short_name: shortName,
      bot_type: 3,
      payload_url: JSON.stringify(service.payloadUrl),
      interface_type: service.interfaceType,
    });
  }

  /** The realm's exports (`realm_export` events keep them current after). */
  async loadExports(): Promise<void> {
    const answer = await this.client.get<{ exports: WireRealmExport[] }>('export/realm');
    this.store.update((state) => ({ ...state, realmExports: answer.exports }));
  }

  /** Who consents to a full export (`realm_export_consent` events keep it current after). */
  async loadExportConsents(): Promise<void> {
    const answer = await this.client.get<{ export_consents: WireExportConsent[] }>('export/realm/consents');
    this.store.update((state) => ({ ...state, exportConsents: Object.fromEntries(answer.export_consents.map((entry) => [entry.user_id, entry.consented])) }));
  }

  /** Zulip's export types: 1 public data, 2 full with members' consent. */
  async startExport(exportType: 1 | 2): Promise<void> {
    await this.client.post('export/realm', { export_type: exportType });
  }

  async deleteExport(exportId: number): Promise<void> {
    await this.client.delete(`export/realm/${exportId}`);
  }

  /** `POST /streams/{id}/delete_topic`: every message of the topic, for administrators (the server deletes in batches). */
  async deleteTopic(channelId: number, topic: string): Promise<void> {
    await this.client.post(`streams/${channelId}/delete_topic`, { topic_name: topic });
  }

  /** `GET /streams/{id}/email_address`: the address that posts to the channel as the person. */
  async channelEmailAddress(channelId: number): Promise<string> {
    const answer = await this.client.get<{ email: string }>(`streams/${channelId}/email_address`);
    return answer.email;
  }
}

function invitationParams(request: InvitationRequest): Record<string, unknown> {
  return {
    invite_as: request.inviteAs,
    stream_ids: request.channelIds,
    group_ids: request.groupIds,
    include_realm_default_subscriptions: request.includeDefaultChannels,
    invite_expires_in_minutes: request.expiresInMinutes,
  };
}
