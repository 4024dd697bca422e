import { Injectable } from '@nestjs/common';
import { ChannelWrites } from '../../channels/commands/channel-writes';
import { SystemGroupWrites } from '../../groups/commands/system-group-writes';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory, RealmEntity } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { BotType, Role } from '../../shared/roles';
import { UserCreation } from './user-creation';
import { Database } from '../../platform/database/database';

export const GENERAL_CHANNEL_NAME = 'general';
export const GENERAL_CHANNEL_DESCRIPTION = 'Everyone is added to this channel by default. Welcome! :octopus:';
export const NOTIFICATION_BOT_NAME = 'Notification Bot';

/** The realm-creation steps, shared by the command and the first start's root realm. */
@Injectable()
export class RealmSetup {
  constructor(
    private readonly groups: SystemGroupWrites,
    private readonly channels: ChannelWrites,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly creation: UserCreation,
    private readonly database: Database,
  ) {}

  async create(subdomain: string, name: string): Promise<RealmEntity> {
    const inserted = await this.database.query<{ id: number }>(
      `INSERT INTO realm (string_id, name) VALUES ($1, $2) ON CONFLICT (string_id) DO NOTHING RETURNING id`,
      [subdomain, name],
    );
    if (inserted.length === 0) throw ApiError.badRequest(`Subdomain '${subdomain}' is already in use.`);
    const realmId = inserted[0].id;
    await this.groups.createSystemGroups(realmId);
    const realm = await this.realms.requireById(realmId);
    const bot = await this.creation.insert(
      realm,
      await this.creation.check({
        email: `notification-bot@${this.addressing.hostName(subdomain)}`,
        fullName: NOTIFICATION_BOT_NAME,
        role: Role.Member,
        password: null,
        isBot: true,
        botType: BotType.Generic,
      }),
    );
    const general = await this.channels.createDefaultChannel({
      realmId,
      name: GENERAL_CHANNEL_NAME,
      description: GENERAL_CHANNEL_DESCRIPTION,
      inviteOnly: false,
      isWebPublic: false,
      historyPublicToSubscribers: true,
      messageRetentionDays: null,
      creatorId: null,
    });
    if (!general) throw new Error('a new realm already had a general channel');
    await this.database.query(
      `UPDATE realm SET notification_bot_id = $1, new_stream_announcements_stream_id = $2,
         signup_announcements_stream_id = $2 WHERE id = $3`,
      [bot.id, general.id, realmId],
    );
    return this.realms.requireById(realmId);
  }
}
