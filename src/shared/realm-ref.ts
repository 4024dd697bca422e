/** A realm as a request addresses it (by its Host header): its id and its string id (subdomain). */
export interface RealmRef {
  id: number;
  stringId: string;
}
