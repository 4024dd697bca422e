import { useAdminActions } from '../../app/services';
import { useSavedValue } from '../../app/use-setting';
import type { WireChannel } from '../../api/types';
import type { ChannelEntry, ChannelNotification } from '../../store/state';
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

/** Each notification setting of a subscription, its label, and the general setting it follows while unset. */
const NOTIFICATION_ROWS: readonly { name: ChannelNotification; label: string; general: string }[] = [
  { name: 'desktop_notifications', label: 'Desktop notifications', general: 'enable_stream_desktop_notifications' },
  { name: 'audible_notifications', label: 'Audible desktop notifications', general: 'enable_stream_audible_notifications' },
  { name: 'push_notifications', label: 'Mobile notifications', general: 'enable_stream_push_notifications' },
  { name: 'email_notifications', label: 'Email notifications', general: 'enable_stream_email_notifications' },
  { name: 'wildcard_mentions_notify', label: 'Notify for @all and @everyone mentions', general: 'wildcard_mentions_notify' },
];

function NotificationRow({ channelId, row, own }: { channelId: number; row: (typeof NOTIFICATION_ROWS)[number]; own: boolean | null }) {
  const general = useSelector((state) => state.settings[row.general] === true);
  const control = useSubscriptionControl(channelId, row.name, own ?? general);
  return <ToggleRow label={row.label} control={control} />;
}

/**
 * Zulip's per-channel notification settings: each shows the person's general setting for
 * channel messages until they choose one for this channel.
 */
function ChannelNotifications({ channelId, notifications }: { channelId: number; notifications: ChannelEntry['notifications'] }) {
  return (
    <fieldset className="settings-group">
      <legend>Notifications for this channel</legend>
      <p className="setting-note">Until you change one here, each follows your general notification settings for channel messages.</p>
      {NOTIFICATION_ROWS.map((row) => (
        <NotificationRow key={row.name} channelId={channelId} row={row} own={notifications[row.name]} />
      ))}
    </fieldset>
  );
}

/** The person's own settings for a channel they are subscribed to: its colour, muting, pinning and notifications. */
export function ChannelPersonalTab({ channel }: { channel: WireChannel }) {
  const subscription = useSelector((state) => state.channels[channel.stream_id]);
  const muted = useSubscriptionControl(channel.stream_id, 'is_muted', subscription?.isMuted);
  const pinned = useSubscriptionControl(channel.stream_id, 'pin_to_top', subscription?.pinToTop);
  if (subscription === undefined) return <p className="settings-empty">Subscribe to this channel to choose your own settings for it.</p>;
  return (
    <>
      <fieldset className="settings-group">
        <legend>Your settings for this channel</legend>
        <ColorRow channelId={channel.stream_id} color={subscription.color} />
        <ToggleRow label="Mute this channel" control={muted} note="A muted channel’s messages stay out of your combined feed and unread counts." />
        <ToggleRow label="Pin to the top of the channel list" control={pinned} />
        <ChannelEmailAddress channelId={channel.stream_id} />
      </fieldset>
      <ChannelNotifications channelId={channel.stream_id} notifications={subscription.notifications} />
    </>
  );
}
