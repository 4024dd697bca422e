import { useId, useState } from 'react';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { FieldMessage } from '../settings/FieldMessage';
import { INTERFACE_CHOICES } from './bot-services';

/** A new outgoing webhook bot (`POST /bots`, bot_type 3): Zulip posts the messages that mention it to the URL. */
export function CreateOutgoingBotForm() {
  const actions = useAdminActions();
  const request = useRequest();
  const [fullName, setFullName] = useState('');
  const [shortName, setShortName] = useState('');
  const [payloadUrl, setPayloadUrl] = useState('');
  const [interfaceType, setInterfaceType] = useState<number>(1);
  const id = useId();
  return (
    <form
      className="setting-form"
      aria-label="Create an outgoing webhook bot"
      onSubmit={(event) => {
        event.preventDefault();
        void request.run(() => actions.createOutgoingWebhookBot(fullName.trim(), shortName.trim(), { payloadUrl: payloadUrl.trim(), interfaceType })).then((created) => {
          if (!created) return;
          setFullName('');
          setShortName('');
          setPayloadUrl('');
        });
      }}
    >
      <label htmlFor={`${id}-name`}>Bot name</label>
      <input id={`${id}-name`} value={fullName} required onChange={(event) => setFullName(event.target.value)} />
      <label htmlFor={`${id}-short`}>Bot email (the part before -bot@)</label>
      <input id={`${id}-short`} value={shortName} required onChange={(event) => setShortName(event.target.value)} />
      <label htmlFor={`${id}-url`}>Endpoint URL</label>
      <input id={`${id}-url`} type="url" value={payloadUrl} required onChange={(event) => setPayloadUrl(event.target.value)} />
      <label htmlFor={`${id}-interface`}>Outgoing webhook message format</label>
      <select id={`${id}-interface`} value={interfaceType} onChange={(event) => setInterfaceType(Number(event.target.value))} aria-describedby={`${id}-message`}>
        {INTERFACE_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button-primary" disabled={request.busy}>
        Create bot
      </button>
      <FieldMessage id={`${id}-message`} error={request.error} done={request.done ? 'Bot created.' : null} />
    </form>
  );
}
