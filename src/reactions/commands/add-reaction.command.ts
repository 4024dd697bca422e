import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { normalizeReactionType } from '../../emoji/public/emoji-rules';
import { EmojiResolver } from '../../emoji/queries/emoji-resolver';
import { HISTORICAL_FLAGS } from '../../shared/message-flags';
import { ApiError } from '../../shared/api-error';
import { AutomaticTopicPolicy } from '../../user-topics/commands/automatic-topic-policy';
import { Actor } from '../../shared/actor';
import { ReactionRepository } from '../persistence/reaction.repository';
import { ReactionChange } from './reaction-change';
import { UserMessageWrites } from '../../messages/commands/user-message-writes';

/** `POST /messages/{message_id}/reactions`. */
export class AddReactionCommand {
  constructor(
    readonly actor: Actor,
    readonly messageId: number,
    readonly emojiName: string,
    readonly emojiCode: string | undefined,
    readonly reactionType: string | undefined,
  ) {}
}

/**
 * Zulip's `check_add_reaction`. A missing code or type is looked up from the name. Reacting
 * with an emoji someone already used on the message is a vote for that reaction: it takes
 * the earlier reaction's name unchecked (so a since-deactivated custom emoji can still be
 * voted for); otherwise name, code and type must agree now. A channel message the user
 * never received gets a historical row, so later changes to it reach the user. Reacting is
 * participation for the automatic topic policies.
 */
@CommandHandler(AddReactionCommand)
export class AddReactionHandler implements ICommandHandler<AddReactionCommand, void> {
  constructor(
    private readonly change: ReactionChange,
    private readonly reactions: ReactionRepository,
    private readonly emoji: EmojiResolver,
    private readonly topicPolicy: AutomaticTopicPolicy,
    private readonly userMessages: UserMessageWrites,
  ) {}

  execute(command: AddReactionCommand): Promise<void> {
    const { actor, messageId } = command;
    return this.change.run(actor, messageId, 'add', async (target) => {
      let emojiCode = command.emojiCode;
      let reactionType = command.reactionType;
      if (emojiCode === undefined || reactionType === undefined) {
        const data = await this.emoji.dataForName(actor.realmId, command.emojiName);
        emojiCode ??= data.emojiCode;
        reactionType ??= data.reactionType;
      }
      reactionType = normalizeReactionType(reactionType);
      if (await this.reactions.find(messageId, actor.id, emojiCode, reactionType)) {
        throw new ApiError('Reaction already exists.', 'REACTION_ALREADY_EXISTS');
      }
      let emojiName = await this.reactions.existingName(messageId, emojiCode, reactionType);
      if (emojiName === null) {
        emojiName = command.emojiName;
        await this.emoji.check(actor.realmId, emojiName, emojiCode, reactionType);
      }
      if (target.message.userFlags === null) {
        await this.userMessages.addHistoricalRows(actor.id, [messageId], HISTORICAL_FLAGS);
      }
      const reaction = { emojiName, emojiCode, reactionType };
      await this.reactions.insert(messageId, actor.id, reaction);
      const { message } = target;
      if (target.channel !== null) {
        const stream = { id: message.recipientTypeId, recipientId: message.recipientId };
        await this.topicPolicy.afterParticipation(actor, stream, message.subject);
      }
      return reaction;
    });
  }
}
