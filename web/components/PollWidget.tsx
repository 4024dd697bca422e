import { useState, type FormEvent } from 'react';
import { useActions } from '../app/services';
import { useSelector } from '../store/use-store';
import { newOptionEvent, voteEvent, type PollState } from '../store/widgets';

interface PollWidgetProps {
  messageId: number;
  poll: PollState;
  me: number;
}

/**
 * Zulip's poll widget: the question, each option with its vote count (pressing it votes, or
 * takes the vote back) and who voted, and a field to add an option. Votes and options are
 * submessages, so every reader's poll updates with the server's `submessage` events.
 */
export function PollWidget({ messageId, poll, me }: PollWidgetProps) {
  const actions = useActions();
  const users = useSelector((state) => state.users);
  const [option, setOption] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = (data: Record<string, unknown>) =>
    actions.messageTools.widgetEvent(messageId, data).catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  const add = (event: FormEvent) => {
    event.preventDefault();
    const data = newOptionEvent(poll, option);
    if (data === null) {
      setProblem(option.trim() === '' ? 'Type an option first.' : 'That option is already in the poll.');
      return;
    }
    setProblem(null);
    setOption('');
    void send(data);
  };
  return (
    <section className="widget poll-widget" aria-label={`Poll: ${poll.question}`}>
      <h3 className="widget-title">{poll.question === '' ? 'Poll' : poll.question}</h3>
      <ul className="poll-options">
        {poll.options.map((entry) => {
          const voted = entry.voters.includes(me);
          const names = entry.voters.map((id) => users[id]?.fullName ?? 'Someone').join(', ');
          return (
            <li key={entry.key} className="poll-option">
              <button
                type="button"
                className={voted ? 'poll-vote voted' : 'poll-vote'}
                aria-pressed={voted}
                aria-label={`${entry.text}: ${entry.voters.length} ${entry.voters.length === 1 ? 'vote' : 'votes'}`}
                onClick={() => void send(voteEvent(entry, me))}
              >
                {entry.voters.length}
              </button>
              <span className="poll-option-text">{entry.text}</span>
              {names === '' ? null : <span className="poll-voters">({names})</span>}
            </li>
          );
        })}
      </ul>
      <form className="widget-add" onSubmit={add}>
        <input aria-label="New poll option" placeholder="New option" value={option} maxLength={100} onChange={(event) => setOption(event.target.value)} />
        <button type="submit" className="button-quiet">
          Add option
        </button>
      </form>
      {problem === null ? null : (
        <p className="widget-problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
