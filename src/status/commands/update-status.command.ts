import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EmojiResolver } from '../../emoji/queries/emoji-resolver';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { PresenceWriter } from '../../presence/commands/presence.writer';
import { effectiveSettings } from '../../users/public/user-settings';
import { apiEmail } from '../../users/public/user-identity';
import { requireHumanUser } from '../../shared/authorization';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import { applyStatusUpdate, checkStatusRequest, StatusRequest } from '../domain/user-status';
import { PresenceEnabledChangedEvent, UserStatusChangedEvent, UserStatusEventData } from '../events/user-status-events';
import { UserStatusRepository } from '../persistence/user-status.repository';
import { UserProfileWrites } from '../../users/commands/user-profile.writes';
import { Database } from '../../platform/database/database';

/** `POST /users/me/status`. */
export class UpdateStatusCommand {
  constructor(
    readonly actor: Actor,
    readonly request: StatusRequest,
  ) {}
}

/**
 * Zulip's update_user_status_backend: people only; checks the request, looks a bare
 * emoji name up and checks name, code and type agree; `away` writes `presence_enabled`
 * (its inverse). Only what was passed changes, in one transaction.
 */
@CommandHandler(UpdateStatusCommand)
export class UpdateStatusHandler implements ICommandHandler<UpdateStatusCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly statuses: UserStatusRepository,
    private readonly emoji: EmojiResolver,
    private readonly users: UserDirectory,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly presence: PresenceWriter,
    private readonly database: Database,
    private readonly profiles: UserProfileWrites,
  ) {}

  async execute(command: UpdateStatusCommand): Promise<void> {
    const { actor } = command;
    requireHumanUser(actor);
    const { request, needsLookup } = checkStatusRequest(command.request);
    await this.tx.run(async () => {
      let update = request;
      if (needsLookup) {
        const resolved = await this.emoji.resolve(
          actor.realmId,
          request.emojiName as string,
          request.emojiCode,
          request.reactionType,
        );
        update = { ...request, emojiCode: resolved.emojiCode, reactionType: resolved.reactionType };
      }
      const current = await this.statuses.forUpdate(actor.id);
      await this.statuses.save(actor.id, applyStatusUpdate(current, update));

      const audience = await this.users.activeUserRoles(actor.realmId);
      if (update.away !== undefined) {
        const before = await this.users.findById(actor.id);
        await this.profiles.setPresenceEnabled(actor.id, !update.away);
        const user = await this.users.findById(actor.id);
        // Zulip's do_change_user_setting: a changed presence_enabled moves the user's presence now.
        if (before && user && effectiveSettings(before.settings).presence_enabled !== !update.away) {
          await this.presence.presenceEnabledChanged(user, !update.away, new Date());
        }
        const realm = await this.realms.requireById(actor.realmId);
        const email = user ? apiEmail(user, this.addressing.hostName(realm.stringId)) : actor.deliveryEmail;
        this.database.record(new PresenceEnabledChangedEvent(actor.realmId, actor.id, email, !update.away));
      }
      const data: UserStatusEventData = {};
      if (update.away !== undefined) data.away = update.away;
      if (update.statusText !== undefined) data.status_text = update.statusText;
      if (update.emojiName !== undefined) {
        data.emoji_name = update.emojiName;
        data.emoji_code = update.emojiCode;
        data.reaction_type = update.reactionType;
      }
      this.database.record(new UserStatusChangedEvent(actor.realmId, audience.map((user) => user.id), actor.id, data));
    });
  }
}
