import { PolicyActor } from '../../channels/public/channel-policy';
import { StreamRow } from '../../channels/public/stream-row';
import { Actor } from '../../shared/actor';
import { PropagateMode } from './message-edit-rules';
import { EditedMessageRow } from '../persistence/message-edit.store';

/** What one edit changes, decided before anything is written (Zulip's MessageEditRequest). */
export interface EditPlan {
  user: Actor;
  actor: PolicyActor;
  message: EditedMessageRow;
  propagateMode: PropagateMode;
  /**
   * The new content (normalized), its rendering and the holders' mention and alert-word
   * bits, for content edits; and who was mentioned before the edit (Zulip's prior_mention_user_ids).
   */
  content: { source: string; rendered: string; flags: Map<number, number>; priorMentionUserIds: number[] } | null;
  origStream: StreamRow | null;
  targetStream: StreamRow | null;
  /** A channel was given (Zulip counts even the message's own channel as a change). */
  streamEdited: boolean;
  origTopic: string;
  /** The new topic, when it changes. */
  targetTopic: string | null;
  topicResolved: boolean;
  topicUnresolved: boolean;
}
