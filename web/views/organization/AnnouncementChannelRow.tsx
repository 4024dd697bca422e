import { useRealmSetting } from '../../app/use-setting';
import { useSelector } from '../../store/use-store';
import { SelectRow, type Choice } from '../settings/SettingSelect';

/** Zulip's value for "no announcement channel". */
const DISABLED = -1;

/**
 * Where the notification bot announces something (new channels, sign-ups): any active
 * channel the person can see (register's `streams`, kept by `stream` events), or nowhere.
 * A channel they cannot see still shows, by its id.
 */
export function AnnouncementChannelRow({ name, label }: { name: string; label: string }) {
  const control = useRealmSetting(name);
  const channels = useSelector((state) => state.allChannels);
  const choices: Choice[] = [
    { value: DISABLED, label: 'Disabled' },
    ...Object.values(channels)
      .filter((channel) => channel.is_archived !== true)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((channel) => ({ value: channel.stream_id, label: `#${channel.name}` })),
  ];
  const shown = control.shown;
  if (typeof shown === 'number' && shown !== DISABLED && !choices.some((choice) => choice.value === shown)) choices.push({ value: shown, label: `Channel ${shown}` });
  return <SelectRow label={label} control={control} choices={choices} />;
}
