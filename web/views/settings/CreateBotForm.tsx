import { useId, useState } from 'react';
import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import type { NewBotType } from '../../store/settings-actions';
import { FieldMessage } from './FieldMessage';

/** A new bot of the person's: generic (it talks through the API) or an incoming webhook. */
export function CreateBotForm() {
  const actions = useSettingsActions();
  const request = useRequest();
  const [botType, setBotType] = useState<NewBotType>(1);
  const [fullName, setFullName] = useState('');
  const [shortName, setShortName] = useState('');
  const id = useId();
  return (
    <form
      className="setting-form"
      aria-label="Create a bot"
      onSubmit={(event) => {
        event.preventDefault();
        void request.run(() => actions.createBot(fullName.trim(), shortName.trim(), botType)).then((created) => {
          if (!created) return;
          setFullName('');
          setShortName('');
        });
      }}
    >
      <label htmlFor={`${id}-type`}>Bot type</label>
      <select id={`${id}-type`} value={botType} onChange={(event) => setBotType(event.target.value === '2' ? 2 : 1)}>
        <option value={1}>Generic</option>
        <option value={2}>Incoming webhook</option>
      </select>
      <label htmlFor={`${id}-name`}>Bot name</label>
      <input id={`${id}-name`} value={fullName} required onChange={(event) => setFullName(event.target.value)} />
      <label htmlFor={`${id}-short`}>Bot email (the part before -bot@)</label>
      <input id={`${id}-short`} value={shortName} required onChange={(event) => setShortName(event.target.value)} aria-describedby={`${id}-message`} />
      <button type="submit" className="button-primary" disabled={request.busy}>
        Create bot
      </button>
      <FieldMessage id={`${id}-message`} error={request.error} />
    </form>
  );
}
