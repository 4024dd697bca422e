import type { ApiClient } from '../api/client';
import type { WireAttachment } from '../api/types';
import type { Store } from './store';

/** Zulip's bot types the settings page creates: generic, and incoming webhook. */
export type NewBotType = 1 | 2;

/**
 * What the settings pages ask of the server. Each request throws the server's refusal
 * (ApiError, its `msg`) for the form to show next to the field; what changed reaches the
 * store through its event (`user_settings`, `realm_user`, `alert_words`, ...), never from
 * the answer, so every tab of the person sees the same.
 */
export class SettingsActions {
  constructor(
    private readonly client: ApiClient,
    private readonly store: Store,
  ) {}

  async updateSettings(changes: Readonly<Record<string, unknown>>): Promise<void> {
    await this.client.patch('settings', changes);
  }

  /** A password change; the server keeps this browser signed in (docs/accounts.md, "Signing in and sessions"). */
  async changePassword(oldPassword: string, newPassword: string): Promise<void> {
    await this.client.patch('settings', { old_password: oldPassword, new_password: newPassword });
  }

  async uploadAvatar(file: File): Promise<void> {
    const form = new FormData();
    form.append('file', file, file.name);
    await this.client.upload('users/me/avatar', form);
  }

  async deleteAvatar(): Promise<void> {
    await this.client.delete('users/me/avatar');
  }

  /** A custom profile field's value (a people field's: user ids); an empty one is removed, as Zulip's settings page does. */
  async setProfileValue(fieldId: number, value: string | readonly number[]): Promise<void> {
    if (typeof value === 'string' ? value.trim() === '' : value.length === 0) await this.client.delete('users/me/profile_data', { data: [fieldId] });
    else await this.client.patch('users/me/profile_data', { data: [{ id: fieldId, value }] });
  }

  /** The person's API key, for their password (what Zulip's settings page asks before showing it). */
  async fetchApiKey(password: string): Promise<string> {
    const username = this.store.getState().session?.deliveryEmail ?? '';
    const answer = await this.client.post<{ api_key: string }>('fetch_api_key', { username, password });
    return answer.api_key;
  }

  async createBot(fullName: string, shortName: string, botType: NewBotType): Promise<void> {
    await this.client.post('bots', { full_name: fullName, short_name: shortName, bot_type: botType });
  }

  async deactivateBot(botId: number): Promise<void> {
    await this.client.delete(`bots/${botId}`);
  }

  async addAlertWord(word: string): Promise<void> {
    await this.client.post('users/me/alert_words', { alert_words: [word] });
  }

  async removeAlertWord(word: string): Promise<void> {
    await this.client.delete('users/me/alert_words', { alert_words: [word] });
  }

  /** The uploaded files list is not register state: it is fetched when its page opens. */
  async loadAttachments(): Promise<void> {
    const answer = await this.client.get<{ attachments: WireAttachment[] }>('attachments');
    this.store.attachmentsLoaded(answer.attachments);
  }

  async deleteAttachment(attachmentId: number): Promise<void> {
    await this.client.delete(`attachments/${attachmentId}`);
  }

  /** A topic's visibility policy: 0 follow the channel, 1 muted, 2 unmuted, 3 followed. */
  async setTopicPolicy(channelId: number, topic: string, policy: number): Promise<void> {
    await this.client.post('user_topics', { stream_id: channelId, topic, visibility_policy: policy });
  }

  async unmuteUser(userId: number): Promise<void> {
    await this.client.delete(`users/me/muted_users/${userId}`);
  }
}
