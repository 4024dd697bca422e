import { useId, useState } from 'react';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { FormDialog } from '../../components/FormDialog';
import type { BotEntry } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { INTERFACE_CHOICES, outgoingServiceOf } from './bot-services';

/**
 * Zulip's "Manage bot" for an administrator: name and owner (`PATCH /bots/{id}`), and an
 * outgoing webhook's endpoint URL and interface (`service_payload_url`, `service_interface`).
 */
export function EditBotDialog({ bot, onClose }: { bot: BotEntry; onClose: () => void }) {
  const people = useSelector((state) => Object.values(state.users).filter((user) => !user.isBot).sort((a, b) => a.fullName.localeCompare(b.fullName)));
  const actions = useAdminActions();
  const request = useRequest();
  const service = outgoingServiceOf(bot);
  const [fullName, setFullName] = useState(bot.fullName);
  const [ownerId, setOwnerId] = useState(bot.ownerId);
  const [payloadUrl, setPayloadUrl] = useState(service?.base_url ?? '');
  const [interfaceType, setInterfaceType] = useState(service?.interface ?? 1);
  const id = useId();

  const save = () =>
    void request
      .run(async () => {
        const nameChanged = fullName.trim() !== bot.fullName;
        const ownerChanged = ownerId !== null && ownerId !== bot.ownerId;
        if (nameChanged || ownerChanged) await actions.updateBot(bot.id, { fullName: nameChanged ? fullName.trim() : undefined, ownerId: ownerChanged ? ownerId : undefined });
        if (service !== null && (payloadUrl !== service.base_url || interfaceType !== service.interface)) await actions.updateBotService(bot.id, { payloadUrl, interfaceType });
      })
      .then((saved) => saved && onClose());

  return (
    <FormDialog title={`Manage ${bot.fullName}`} formId={`${id}-form`} submitLabel="Save changes" busy={request.busy} onClose={onClose}>
      <form
        id={`${id}-form`}
        className="dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <label className="field">
          Bot name
          <input value={fullName} required onChange={(event) => setFullName(event.target.value)} />
        </label>
        <label className="field">
          Owner
          <select value={ownerId ?? ''} onChange={(event) => setOwnerId(Number(event.target.value))}>
            {ownerId === null ? <option value="">No owner</option> : null}
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.fullName}
              </option>
            ))}
          </select>
        </label>
        {service === null ? null : (
          <>
            <label className="field">
              Endpoint URL
              <input type="url" value={payloadUrl} required onChange={(event) => setPayloadUrl(event.target.value)} />
            </label>
            <label className="field">
              Outgoing webhook message format
              <select value={interfaceType} onChange={(event) => setInterfaceType(Number(event.target.value))}>
                {INTERFACE_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        {request.error === null ? null : (
          <p className="dialog-problem" role="alert">
            {request.error}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
