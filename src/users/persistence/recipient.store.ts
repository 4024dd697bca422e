import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

/** `recipient` rows: one per user inbox, channel and group DM. */
@Injectable()
export class RecipientStore {
  constructor(private readonly database: Database) {}

  async insert(type: number, typeId: number): Promise<number> {
    const [recipient] = await this.database.query<{ id: number }>(`INSERT INTO recipient (type, type_id) VALUES ($1, $2) RETURNING id`, [type, typeId]);
    return recipient.id;
  }
}
