import { LinkifierRow } from '../persistence/linkifier.store';

/** A linkifier on the wire (`realm_linkifiers`). */
export interface LinkifierWire {
  id: number;
  pattern: string;
  url_template: string;
}

export function presentLinkifier(row: LinkifierRow): LinkifierWire {
  return { id: row.id, pattern: row.pattern, url_template: row.urlTemplate };
}
