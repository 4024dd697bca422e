import type { ApiClient } from '../api/client';
import type { Store } from './store';

/** The realm's pictures: its icon, and its logo for the light and the dark theme. */
export type RealmImageKind = 'icon' | 'logo' | 'night_logo';

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
}
