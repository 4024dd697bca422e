import { useState } from 'react';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { FieldMessage } from '../settings/FieldMessage';

/**
 * The channel's email address (`GET /streams/{id}/email_address`): mail sent to it posts to
 * the channel as the person, so it is shown only when asked for, as Zulip's "Generate email
 * address" does; the server refuses it to whoever may not post there.
 */
export function ChannelEmailAddress({ channelId }: { channelId: number }) {
  const actions = useAdminActions();
  const request = useRequest();
  const [address, setAddress] = useState<string | null>(null);
  const id = `channel-${channelId}-email`;
  return (
    <div className="setting-row">
      <span className="setting-label">Channel email address</span>
      {address === null ? (
        <button type="button" className="button-quiet" disabled={request.busy} onClick={() => void request.run(async () => setAddress(await actions.channelEmailAddress(channelId)))}>
          Show email address
        </button>
      ) : (
        <input id={id} className="channel-email-address" readOnly value={address} aria-label="Channel email address" onFocus={(event) => event.target.select()} />
      )}
      <p className="setting-note">Anyone with this address can post to the channel as you. Keep it to trusted senders.</p>
      <FieldMessage id={`${id}-message`} error={request.error} />
    </div>
  );
}
