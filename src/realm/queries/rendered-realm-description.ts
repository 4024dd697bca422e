import { Injectable } from '@nestjs/common';
import { DescriptionRenderer } from '../../platform/markdown/description-renderer';

/** How many realms' rendered descriptions one process keeps. */
const MAX_KEPT = 500;

/**
 * The realm description as HTML, for `GET /server_settings`, which every client asks before
 * logging in. As Zulip's cached `get_realm_rendered_description`, it is rendered once and
 * kept; the key holds the text too, so a changed description renders again at once, in
 * every process.
 */
@Injectable()
export class RenderedRealmDescription {
  private readonly kept = new Map<string, string>();

  constructor(private readonly descriptions: DescriptionRenderer) {}

  async of(realmId: number, description: string): Promise<string> {
    const key = `${realmId}\n${description}`;
    const known = this.kept.get(key);
    if (known !== undefined) return known;
    // No acting user, as Zulip: every channel of the realm links.
    const rendered = await this.descriptions.renderDescription(realmId, description);
    if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, rendered);
    return rendered;
  }
}
