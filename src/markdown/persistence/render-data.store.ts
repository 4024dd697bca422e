import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { realmSubdomainSql } from '../../realm/public/read-relations';
import { linkifierRulesJsonSql } from '../../linkifiers/public/read-relations';

/** What every rendering in a realm reads: its subdomain, its linkifiers and the recipients' alert words. */
export interface RealmRenderData {
  subdomain: string;
  linkifiers: { pattern: string; url_template: string }[];
  words: { user_id: number; word: string }[];
}

/**
 * RealmRenderData as one SQL column, for a statement of the caller's own (`realmIdSql`
 * and `recipientIdsSql`, an `int[]`, are SQL expressions of that statement): the send
 * path reads it with the channel, in its first round trip.
 */
export function realmRenderDataColumnSql(realmIdSql: string, recipientIdsSql: string): string {
  return `json_build_object(
      'subdomain', ${realmSubdomainSql(realmIdSql)},
      'linkifiers', ${linkifierRulesJsonSql(realmIdSql)},
      'words', (SELECT coalesce(json_agg(json_build_object('user_id', user_profile_id, 'word', word)), '[]'::json)
                  FROM alert_word WHERE user_profile_id = ANY(${recipientIdsSql})))`;
}

/** Reads RealmRenderData when no caller's statement brought it: one round trip. */
@Injectable()
export class RenderDataStore {
  constructor(private readonly database: Database) {}

  async load(realmId: number, alertRecipientIds: readonly number[]): Promise<RealmRenderData> {
    const [row] = await this.database.query<{ data: RealmRenderData }>(
      `SELECT ${realmRenderDataColumnSql('$1', '$2::int[]')} AS data`,
      [realmId, alertRecipientIds],
    );
    return row.data;
  }
}
