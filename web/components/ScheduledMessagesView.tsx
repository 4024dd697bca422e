import { useEffect, useRef, useState } from 'react';
import type { WireScheduledMessage } from '../api/types';
import { requestCompose } from '../app/compose-requests';
import { leaveOverlayHash } from '../app/use-hash';
import { useActions } from '../app/services';
import { selectDmTitle, topicLabel } from '../store/selectors';
import type { ClientState, Where } from '../store/state';
import { useSelector } from '../store/use-store';
import { RenderedContent } from './RenderedContent';

const selectScheduled = (state: ClientState) => state.scheduled;

function whereOf(message: WireScheduledMessage, me: number): Where {
  return message.type === 'stream'
    ? { kind: 'channel', channelId: message.to, topic: message.topic }
    : { kind: 'dm', userIds: [...new Set([...message.to, me])].sort((a, b) => a - b) };
}

/** Where a scheduled message goes, as its row names it. */
function ScheduledRecipient({ message }: { message: WireScheduledMessage }) {
  const text = useSelector((state) =>
    message.type === 'stream' ? `#${state.channels[message.to]?.name ?? 'unknown channel'} › ${topicLabel(state, message.topic)}` : `To ${selectDmTitle(state, message.to)}`,
  );
  return <span className="scheduled-recipient">{text}</span>;
}

/**
 * Zulip's "Scheduled messages" overlay (`#scheduled`): the person's messages waiting to be
 * sent, soonest first. Edit takes one back into the compose box (and off the schedule, as
 * Zulip does); Delete cancels it. The list follows the `scheduled_messages` events.
 */
export function ScheduledMessagesView() {
  const actions = useActions();
  const scheduled = useSelector(selectScheduled);
  const me = useSelector((state) => state.session?.userId ?? -1);
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const list = Object.values(scheduled).sort((a, b) => a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp);
  const close = leaveOverlayHash;

  const remove = async (message: WireScheduledMessage, edit: boolean) => {
    setProblem(null);
    try {
      await actions.compose.unschedule(message.scheduled_message_id);
      if (edit) {
        window.location.hash = '#feed';
        requestCompose({ where: whereOf(message, me), insert: message.content });
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="scheduled-heading" onKeyDown={(event) => event.key === 'Escape' && close()}>
      <section className="overlay-panel">
        <header className="overlay-header">
          <h2 id="scheduled-heading" ref={heading} tabIndex={-1}>
            Scheduled messages
          </h2>
          <button type="button" className="button-quiet" onClick={close}>
            Close
          </button>
        </header>
        {problem === null ? null : <p role="alert" className="compose-problem">{problem}</p>}
        {list.length === 0 ? (
          <p className="empty-feed">No scheduled messages. Schedule one from the compose box, beside Send.</p>
        ) : (
          <ul className="scheduled-list" aria-label="Scheduled messages">
            {list.map((message) => (
              <li key={message.scheduled_message_id} className="scheduled-item">
                <div className="scheduled-meta">
                  <ScheduledRecipient message={message} />
                  <time dateTime={new Date(message.scheduled_delivery_timestamp * 1000).toISOString()}>{new Date(message.scheduled_delivery_timestamp * 1000).toLocaleString()}</time>
                  {message.failed ? <span className="compose-problem">Could not be sent</span> : null}
                </div>
                <RenderedContent html={message.rendered_content} />
                <div className="scheduled-actions">
                  <button type="button" className="button-quiet" onClick={() => void remove(message, true)}>
                    Edit
                  </button>
                  <button type="button" className="button-quiet" onClick={() => void remove(message, false)}>
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
