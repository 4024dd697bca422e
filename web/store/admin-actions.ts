import type { ApiClient } from '../api/client';
import type { Store } from './store';

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
}
