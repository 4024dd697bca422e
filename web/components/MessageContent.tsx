import type { MessageEntry } from '../store/state';
import { useSelector } from '../store/use-store';
import { widgetOf } from '../store/widgets';
import { PollWidget } from './PollWidget';
import { RenderedContent } from './RenderedContent';
import { TodoWidget } from './TodoWidget';

/**
 * A message's body: its poll or todo widget when its submessages carry one (as Zulip draws
 * it instead of the text), else the server's rendering, or a search's rendering of it with
 * the matches highlighted (`highlighted`, the server's `match_content`).
 */
export function MessageContent({ message, highlighted }: { message: MessageEntry; highlighted?: string }) {
  const me = useSelector((state) => state.session?.userId ?? -1);
  const widget = widgetOf(message.submessages, message.senderId, me);
  if (widget?.kind === 'poll') return <PollWidget messageId={message.id} poll={widget} me={me} />;
  if (widget?.kind === 'todo') return <TodoWidget messageId={message.id} todo={widget} />;
  // The server's rendering (sanitized by the server's Markdown processor) is the only HTML inserted.
  return <RenderedContent html={highlighted ?? message.html} />;
}
