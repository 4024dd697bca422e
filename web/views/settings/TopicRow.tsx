import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { topicLabel } from '../../store/selectors';
import type { UserTopicEntry } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from './FieldMessage';

/** Zulip's topic visibility policies, as the person chooses them. */
const POLICIES = [
  { value: 0, label: 'Default for the channel' },
  { value: 1, label: 'Muted' },
  { value: 2, label: 'Unmuted' },
  { value: 3, label: 'Followed' },
];

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** One topic with a policy of the person's, and a choice to change it. */
export function TopicRow({ entry }: { entry: UserTopicEntry }) {
  const channel = useSelector((state) => state.channels[entry.channelId]?.name ?? 'unknown channel');
  const topic = useSelector((state) => topicLabel(state, entry.topic));
  const actions = useSettingsActions();
  const request = useRequest();
  const id = `topic-${entry.channelId}-${encodeURIComponent(entry.topic)}`;
  return (
    <li>
      <span className="settings-list-main">
        #{channel} › {topic}
      </span>
      <span className="settings-list-meta">{DATE.format(new Date(entry.lastUpdated * 1000))}</span>
      <select
        aria-label={`Visibility of #${channel} › ${topic}`}
        value={entry.policy}
        disabled={request.busy}
        aria-describedby={`${id}-message`}
        onChange={(event) => void request.run(() => actions.setTopicPolicy(entry.channelId, entry.topic, Number(event.target.value)))}
      >
        {POLICIES.map((policy) => (
          <option key={policy.value} value={policy.value}>
            {policy.label}
          </option>
        ))}
      </select>
      <FieldMessage id={`${id}-message`} error={request.error} />
    </li>
  );
}
