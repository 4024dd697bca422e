import type { ApiClient } from '../api/client';
import type { GroupSetting } from '../api/types';
import { withSubscribers } from './channel-admin-state';
import type { Store } from './store';

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
}
