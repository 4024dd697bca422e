import { useAdminActions } from '../../app/services';
import { useSavedValue } from '../../app/use-setting';
import type { WireChannel } from '../../api/types';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
import { ToggleRow } from '../settings/SettingToggle';
import { ChannelEmailAddress } from './ChannelEmailAddress';

/** One of the person's own settings for a channel (`POST /users/me/subscriptions/properties`). */
function useSubscriptionControl(channelId: number, property: string, shown: unknown) {
  const actions = useAdminActions();
  return useSavedValue(shown, (next) => actions.setSubscriptionProperty(channelId, property, next), true);
}

function ColorRow({ channelId, color }: { channelId: number; color: string }) {
  const control = useSubscriptionControl(channelId, 'color', color);
  const id = `channel-${channelId}-color`;
  return (
    <div className="setting-row">
      <label htmlFor={id}>Channel colour</label>
      <input id={id} type="color" className="channel-color-input" value={typeof control.shown === 'string' ? control.shown : color} onChange={(event) => control.change(event.target.value)} />
      <FieldMessage id={`${id}-message`} error={control.request.error} />
    </div>
  );
}

/** The person's own settings for a channel they are subscribed to: its colour, muting and pinning. */
export function ChannelPersonalTab({ channel }: { channel: WireChannel }) {
  const subscription = useSelector((state) => state.channels[channel.stream_id]);
  const muted = useSubscriptionControl(channel.stream_id, 'is_muted', subscription?.isMuted);
  const pinned = useSubscriptionControl(channel.stream_id, 'pin_to_top', subscription?.pinToTop);
  if (subscription === undefined) return <p className="settings-empty">Subscribe to this channel to choose your own settings for it.</p>;
  return (
    <fieldset className="settings-group">
      <legend>Your settings for this channel</legend>
      <ColorRow channelId={channel.stream_id} color={subscription.color} />
      <ToggleRow label="Mute this channel" control={muted} note="A muted channel’s messages stay out of your combined feed and unread counts." />
      <ToggleRow label="Pin to the top of the channel list" control={pinned} />
      <ChannelEmailAddress channelId={channel.stream_id} />
    </fieldset>
  );
}
