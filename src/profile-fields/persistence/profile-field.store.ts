import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

/** A custom profile field as stored. */
export interface ProfileField {
  id: number;
  realmId: number;
  name: string;
  hint: string;
  type: number;
  fieldData: string;
  order: number;
  displayInProfileSummary: boolean;
  required: boolean;
  editableByUser: boolean;
}

export type NewProfileField = Omit<ProfileField, 'id' | 'order'>;

export type ProfileFieldChanges = Partial<
  Pick<ProfileField, 'name' | 'hint' | 'fieldData' | 'displayInProfileSummary' | 'required' | 'editableByUser'>
>;

const COLUMNS = `id, realm_id, name, hint, field_type, field_data, "order", display_in_profile_summary, required, editable_by_user`;

const CHANGE_COLUMNS: Record<keyof ProfileFieldChanges, string> = {
  name: 'name',
  hint: 'hint',
  fieldData: 'field_data',
  displayInProfileSummary: 'display_in_profile_summary',
  required: 'required',
  editableByUser: 'editable_by_user',
};

/** PostgreSQL's unique_violation: the realm already has a field with that label. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === '23505';
}

/** Custom profile fields and users' values for them. */
@Injectable()
export class ProfileFieldStore {
  constructor(
    private readonly database: Database,
  ) {}

  /** The realm's fields in display order. */
  async list(realmId: number): Promise<ProfileField[]> {
    const rows = await this.database.query(`SELECT ${COLUMNS} FROM custom_profile_field WHERE realm_id = $1 ORDER BY "order", id`, [realmId]);
    return rows.map(toField);
  }

  async find(realmId: number, id: number, lock = false): Promise<ProfileField | null> {
    const rows = await this.database.query(
      `SELECT ${COLUMNS} FROM custom_profile_field WHERE realm_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [realmId, id],
    );
    return rows.length > 0 ? toField(rows[0]) : null;
  }

  async summaryCount(realmId: number, exceptId: number | null): Promise<number> {
    const [row] = await this.database.query<{ count: string }>(
      `SELECT count(*) AS count FROM custom_profile_field
        WHERE realm_id = $1 AND display_in_profile_summary AND id IS DISTINCT FROM $2`,
      [realmId, exceptId],
    );
    return Number(row.count);
  }

  /** Inserts a field ordered last (Zulip: `order` = its id). Throws on a taken label. */
  async insert(field: NewProfileField): Promise<number> {
    const [row] = await this.database.query<{ id: number }>(
      `INSERT INTO custom_profile_field
         (realm_id, name, hint, field_type, field_data, display_in_profile_summary, required, editable_by_user)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [field.realmId, field.name, field.hint, field.type, field.fieldData, field.displayInProfileSummary, field.required, field.editableByUser],
    );
    await this.database.query(`UPDATE custom_profile_field SET "order" = id WHERE id = $1`, [row.id]);
    return row.id;
  }

  /** Throws on a taken label. */
  async update(id: number, changes: ProfileFieldChanges): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    for (const [key, column] of Object.entries(CHANGE_COLUMNS) as [keyof ProfileFieldChanges, string][]) {
      if (changes[key] === undefined) continue;
      params.push(changes[key]);
      sets.push(`${column} = $${params.length}`);
    }
    if (sets.length === 0) return;
    await this.database.query(`UPDATE custom_profile_field SET ${sets.join(', ')} WHERE id = $1`, params);
  }

  async delete(id: number): Promise<void> {
    await this.database.query(`DELETE FROM custom_profile_field WHERE id = $1`, [id]);
  }

  async setOrders(realmId: number, orders: ReadonlyMap<number, number>): Promise<void> {
    await this.database.query(
      `UPDATE custom_profile_field f SET "order" = o.ord
         FROM unnest($2::int[], $3::int[]) AS o(id, ord)
        WHERE f.realm_id = $1 AND f.id = o.id`,
      [realmId, [...orders.keys()], [...orders.values()]],
    );
  }

  /** Deletes the values of a list field that are no longer among its choices; returns their users. */
  async deleteValuesNotIn(fieldId: number, keys: readonly string[]): Promise<number[]> {
    const rows = await this.database.query<{ user_profile_id: number }>(
      `DELETE FROM custom_profile_field_value WHERE field_id = $1 AND NOT (value = ANY($2::text[])) RETURNING user_profile_id`,
      [fieldId, [...keys]],
    );
    return rows.map((row) => row.user_profile_id);
  }

  /** The user's current values for these fields. */
  async valuesOf(userId: number, fieldIds: readonly number[]): Promise<Map<number, string>> {
    const rows = await this.database.query<{ field_id: number; value: string }>(
      `SELECT field_id, value FROM custom_profile_field_value WHERE user_profile_id = $1 AND field_id = ANY($2::int[])`,
      [userId, [...fieldIds]],
    );
    return new Map(rows.map((row) => [row.field_id, row.value]));
  }

  async upsertValue(userId: number, fieldId: number, value: string, renderedValue: string | null): Promise<void> {
    await this.database.query(
      `INSERT INTO custom_profile_field_value (user_profile_id, field_id, value, rendered_value) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_profile_id, field_id) DO UPDATE SET value = EXCLUDED.value, rendered_value = EXCLUDED.rendered_value`,
      [userId, fieldId, value, renderedValue],
    );
  }

  /** True when the user had a value. */
  async deleteValue(userId: number, fieldId: number): Promise<boolean> {
    const rows = await this.database.query(`DELETE FROM custom_profile_field_value WHERE user_profile_id = $1 AND field_id = $2 RETURNING id`, [
      userId,
      fieldId,
    ]);
    return rows.length > 0;
  }

  /** The realm's users' field values (`userIds` null: every user's), by user, then field order. */
  values(realmId: number, userIds: readonly number[] | null): Promise<{ user_profile_id: number; field_id: number; field_type: number; value: string; rendered_value: string | null }[]> {
    return this.database.query<{ user_profile_id: number; field_id: number; field_type: number; value: string; rendered_value: string | null }>(
      `SELECT v.user_profile_id, v.field_id, f.field_type, v.value, v.rendered_value
         FROM custom_profile_field_value v JOIN custom_profile_field f ON f.id = v.field_id
        WHERE f.realm_id = $1 ${userIds === null ? '' : 'AND v.user_profile_id = ANY($2::int[])'}
        ORDER BY v.user_profile_id, f."order", f.id`,
      userIds === null ? [realmId] : [realmId, [...userIds]],
    );
  }
}

function toField(row: Record<string, unknown>): ProfileField {
  return {
    id: row.id as number,
    realmId: row.realm_id as number,
    name: row.name as string,
    hint: row.hint as string,
    type: row.field_type as number,
    fieldData: row.field_data as string,
    order: row.order as number,
    displayInProfileSummary: row.display_in_profile_summary as boolean,
    required: row.required as boolean,
    editableByUser: row.editable_by_user as boolean,
  };
}
