import { ChannelPicker } from './ChannelPicker';
import { RecipientPicker } from './RecipientPicker';
import { TopicInput } from './TopicInput';

/** Who the compose box is addressed to: a channel's topic, or people (the person left out). */
export type ComposeTarget = { readonly kind: 'channel'; readonly channelId: number | null; readonly topic: string } | { readonly kind: 'dm'; readonly userIds: readonly number[] };

interface ComposeRecipientProps {
  target: ComposeTarget;
  emptyTopicName: string;
  onChange: (target: ComposeTarget) => void;
}

/** The compose box's first row: channel and topic, or the people of a direct message. */
export function ComposeRecipient({ target, emptyTopicName, onChange }: ComposeRecipientProps) {
  return (
    <div className="compose-recipient">
      {target.kind === 'dm' ? (
        <>
          <span className="compose-to">To:</span>
          <RecipientPicker userIds={target.userIds} onChange={(userIds) => onChange({ kind: 'dm', userIds })} />
        </>
      ) : (
        <>
          <ChannelPicker channelId={target.channelId} onPick={(channelId) => onChange({ ...target, channelId })} />
          <span aria-hidden="true" className="recipient-separator">
            ›
          </span>
          <TopicInput channelId={target.channelId} value={target.topic} placeholder={emptyTopicName} onChange={(topic) => onChange({ ...target, topic })} />
        </>
      )}
    </div>
  );
}
