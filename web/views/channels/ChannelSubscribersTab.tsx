import { useEffect, useState } from 'react';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import type { WireChannel } from '../../api/types';
import { RecipientPicker } from '../../components/RecipientPicker';
import { canAddSubscribers, canRemoveSubscribers, hasContentAccess } from '../../store/admin-permissions';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';

const NO_ONE: readonly number[] = [];

/** A subscriber's row: their name and address, and Unsubscribe where the server allows it (oneself always). */
function SubscriberRow({ channel, userId, removable }: { channel: WireChannel; userId: number; removable: boolean }) {
  const actions = useAdminActions();
  const request = useRequest();
  const user = useSelector((state) => state.users[userId]);
  const name = user?.fullName ?? 'Unknown user';
  return (
    <li>
      <span className="settings-list-main">{name}</span>
      <span className="settings-list-meta">{user?.email}</span>
      {removable ? (
        <button type="button" className="button-quiet" aria-label={`Unsubscribe ${name}`} disabled={request.busy} onClick={() => void request.run(() => actions.unsubscribe(channel.name, [userId]))}>
          Unsubscribe
        </button>
      ) : null}
      <FieldMessage id={`subscriber-${userId}-message`} error={request.error} />
    </li>
  );
}

function AddSubscribersForm({ channel, subscribers }: { channel: WireChannel; subscribers: readonly number[] }) {
  const actions = useAdminActions();
  const request = useRequest();
  const [picked, setPicked] = useState<number[]>([]);
  return (
    <form
      className="setting-form"
      onSubmit={(event) => {
        event.preventDefault();
        void request.run(() => actions.subscribe(channel.name, picked)).then((done) => done && setPicked([]));
      }}
    >
      <span className="setting-label">Add subscribers</span>
      <RecipientPicker userIds={picked} onChange={setPicked} label="People to subscribe" fieldLabel="Add a person to subscribe" exclude={subscribers} />
      <button type="submit" className="button-primary" disabled={picked.length === 0 || request.busy}>
        Subscribe
      </button>
      <FieldMessage id={`add-subscribers-${channel.stream_id}-message`} error={request.error} />
    </form>
  );
}

/** A channel's subscribers (`GET /streams/{id}/members`, then peer events), with adding and removing as the server allows. */
export function ChannelSubscribersTab({ channel }: { channel: WireChannel }) {
  const actions = useAdminActions();
  const load = useRequest();
  const me = useSelector((state) => state.session?.userId);
  const mayView = useSelector((state) => hasContentAccess(state, channel));
  const mayAdd = useSelector((state) => canAddSubscribers(state, channel));
  const mayRemove = useSelector((state) => canRemoveSubscribers(state, channel));
  const loaded = useSelector((state) => state.subscribers[channel.stream_id]);
  const users = useSelector((state) => state.users);
  const channelId = channel.stream_id;
  const needed = mayView && loaded === undefined;
  const runLoad = load.run;
  useEffect(() => {
    if (needed) void runLoad(() => actions.loadSubscribers(channelId));
  }, [needed, channelId, actions, runLoad]);
  if (!mayView) return <p className="settings-empty">Only subscribers can see who is subscribed to this private channel.</p>;
  const subscribers = [...(loaded ?? NO_ONE)].sort((a, b) => (users[a]?.fullName ?? '').localeCompare(users[b]?.fullName ?? ''));
  return (
    <>
      {mayAdd ? <AddSubscribersForm channel={channel} subscribers={subscribers} /> : null}
      <section className="settings-group" aria-labelledby="subscribers-heading">
        <h3 id="subscribers-heading">Subscribers{loaded === undefined ? '' : ` (${subscribers.length})`}</h3>
        <FieldMessage id="subscribers-load-message" error={load.error} />
        {loaded === undefined ? <p className="settings-empty">Loading…</p> : null}
        {loaded !== undefined && subscribers.length === 0 ? <p className="settings-empty">This channel has no subscribers.</p> : null}
        <ul className="settings-list" aria-label="Subscribers">
          {subscribers.map((userId) => (
            <SubscriberRow key={userId} channel={channel} userId={userId} removable={mayRemove || userId === me} />
          ))}
        </ul>
      </section>
    </>
  );
}
