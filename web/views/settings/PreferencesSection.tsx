import { useSelector } from '../../store/use-store';
import { SettingSelect, type Choice } from './SettingSelect';
import { SettingToggle } from './SettingToggle';

/** Zulip's `color_scheme` values. */
export const THEMES: readonly Choice[] = [
  { value: 1, label: 'Automatic (follows the system)' },
  { value: 3, label: 'Light' },
  { value: 2, label: 'Dark' },
];
export const CLOCKS: readonly Choice[] = [
  { value: false, label: '12-hour clock (5:00 PM)' },
  { value: true, label: '24-hour clock (17:00)' },
];
export const HOME_VIEWS: readonly Choice[] = [
  { value: 'inbox', label: 'Inbox' },
  { value: 'recent_topics', label: 'Recent conversations' },
  { value: 'all_messages', label: 'Combined feed' },
];

/** Theme, time format, Enter, emoji set and home view: the look and behaviour of the app. */
export function PreferencesSection() {
  const emojisets = useSelector((state) => state.settings.emojiset_choices);
  const emojiChoices: Choice[] = Array.isArray(emojisets)
    ? emojisets.flatMap((entry: unknown) => (entry !== null && typeof entry === 'object' && 'key' in entry && 'text' in entry ? [{ value: String(entry.key), label: String(entry.text) }] : []))
    : [];
  return (
    <>
      <fieldset className="settings-group">
        <legend>Appearance</legend>
        <SettingSelect name="color_scheme" label="Theme" choices={THEMES} />
        <SettingSelect name="twenty_four_hour_time" label="Time format" choices={CLOCKS} />
        {emojiChoices.length > 0 ? <SettingSelect name="emojiset" label="Emoji style" choices={emojiChoices} /> : null}
      </fieldset>
      <fieldset className="settings-group">
        <legend>Behaviour</legend>
        <SettingToggle name="enter_sends" label="Enter sends a message (Shift+Enter adds a line)" />
        <SettingSelect name="web_home_view" label="Home view" choices={HOME_VIEWS} />
      </fieldset>
    </>
  );
}
