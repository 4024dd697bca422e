import type { WireReaction } from '../api/types';
import { useActions } from '../app/services';
import type { MessageEntry } from '../store/state';
import { AddReactionButton } from './AddReactionButton';

/** The emoji of a reaction, from its Unicode code points (`1f44d`, `1f1fa-1f1f8`); custom emoji by name. */
function emojiOf(reaction: WireReaction): string {
  if (reaction.reaction_type !== 'unicode_emoji') return `:${reaction.emoji_name}:`;
  try {
    return String.fromCodePoint(...reaction.emoji_code.split('-').map((part) => parseInt(part, 16)));
  } catch {
    return `:${reaction.emoji_name}:`;
  }
}

/** A message's reactions, one chip per emoji with how many reacted; pressing one adds or takes back the person's own; the last adds another. */
export function Reactions({ message, me }: { message: MessageEntry; me: number }) {
  const actions = useActions();
  const { id: messageId, reactions } = message;
  if (reactions.length === 0) return null;
  const groups = new Map<string, { reaction: WireReaction; count: number; mine: boolean }>();
  for (const reaction of reactions) {
    const key = `${reaction.reaction_type}:${reaction.emoji_code}`;
    const group = groups.get(key) ?? { reaction, count: 0, mine: false };
    group.count += 1;
    group.mine ||= reaction.user_id === me;
    groups.set(key, group);
  }
  return (
    <ul className="reactions" aria-label="Reactions">
      {[...groups.entries()].map(([key, group]) => (
        <li key={key}>
          <button
            type="button"
            className={group.mine ? 'reaction reaction-mine' : 'reaction'}
            title={group.reaction.emoji_name}
            aria-pressed={group.mine}
            onClick={() => void actions.react(messageId, group.reaction, !group.mine)}
          >
            <span aria-hidden="true">{emojiOf(group.reaction)}</span>
            <span className="visually-hidden">{group.reaction.emoji_name}</span> {group.count}
          </button>
        </li>
      ))}
      <li>
        <AddReactionButton message={message} me={me} className="reaction reaction-add" label="Add another reaction" />
      </li>
    </ul>
  );
}
