import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { normalizeReactionType, ReactionType } from '../../emoji/public/emoji-rules';
import { EmojiResolver } from '../../emoji/queries/emoji-resolver';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { ReactionRepository } from '../persistence/reaction.repository';
import { ReactionChange } from './reaction-change';

/** `DELETE /messages/{message_id}/reactions`. */
export class RemoveReactionCommand {
  constructor(
    readonly actor: Actor,
    readonly messageId: number,
    readonly emojiName: string | undefined,
    readonly emojiCode: string | undefined,
    readonly reactionType: string | undefined,
  ) {}
}

/**
 * Zulip's `remove_reaction`: the type defaults to a Unicode emoji; without a code the name
 * is looked up as it means now. The emoji itself is not checked: the stored row proves it
 * was valid, and it may have stopped being so since (a deactivated custom emoji).
 */
@CommandHandler(RemoveReactionCommand)
export class RemoveReactionHandler implements ICommandHandler<RemoveReactionCommand, void> {
  constructor(
    private readonly change: ReactionChange,
    private readonly reactions: ReactionRepository,
    private readonly emoji: EmojiResolver,
  ) {}

  execute(command: RemoveReactionCommand): Promise<void> {
    const { actor, messageId } = command;
    return this.change.run(actor, messageId, 'remove', async () => {
      const reactionType = normalizeReactionType(command.reactionType ?? ReactionType.Unicode);
      let emojiCode = command.emojiCode;
      if (emojiCode === undefined) {
        if (command.emojiName === undefined) {
          throw ApiError.badRequest('At least one of the following arguments must be present: emoji_name, emoji_code');
        }
        emojiCode = (await this.emoji.dataForName(actor.realmId, command.emojiName)).emojiCode;
      }
      const existing = await this.reactions.find(messageId, actor.id, emojiCode, reactionType);
      if (!existing) throw new ApiError("Reaction doesn't exist.", 'REACTION_DOES_NOT_EXIST');
      await this.reactions.delete(messageId, actor.id, emojiCode, reactionType);
      return existing;
    });
  }
}
