import { RealmPlaygroundRow } from '../persistence/realm-playground.store';

/** Zulip's `RealmPlaygroundDict`, as register and `realm_playgrounds` events give it. */
export interface RealmPlaygroundWire {
  id: number;
  name: string;
  pygments_language: string;
  url_template: string;
}

export function presentPlayground(row: RealmPlaygroundRow): RealmPlaygroundWire {
  return { id: row.id, name: row.name, pygments_language: row.pygmentsLanguage, url_template: row.urlTemplate };
}
