import { useRealmSetting } from '../../app/use-setting';
import { useSelector } from '../../store/use-store';
import { SelectRow, type Choice } from '../settings/SettingSelect';

/** Zulip's value for "no announcement channel". */
const DISABLED = -1;

/**
 * Where the notification bot announces something (new channels, sign-ups): one of the
 * channels the administrator reads, or nowhere. A channel set by someone else that this
 * person is not subscribed to still shows, by its id.
 */
export function AnnouncementChannelRow({ name, label }: { name: string; label: string }) {
  const control = useRealmSetting(name);
  const channels = useSelector((state) => state.channels);
  const choices: Choice[] = [
    { value: DISABLED, label: 'Disabled' },
    ...Object.values(channels)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((channel) => ({ value: channel.id, label: `#${channel.name}` })),
  ];
  const shown = control.shown;
  if (typeof shown === 'number' && shown !== DISABLED && channels[shown] === undefined) choices.push({ value: shown, label: `Channel ${shown}` });
  return <SelectRow label={label} control={control} choices={choices} />;
}
