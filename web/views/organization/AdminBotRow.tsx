import { useState } from 'react';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import type { BotEntry } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
import { EditBotDialog } from './EditBotDialog';
import { outgoingServiceOf } from './bot-services';

const BOT_TYPES: Record<number, string> = { 1: 'Generic', 2: 'Incoming webhook', 3: 'Outgoing webhook', 4: 'Embedded' };

/** One bot for an administrator: type, owner, address; its key shown and regenerated, edit, deactivate or reactivate. */
export function AdminBotRow({ bot }: { bot: BotEntry }) {
  const owner = useSelector((state) => (bot.ownerId === null ? null : (state.users[bot.ownerId] ?? state.nonActiveUsers[bot.ownerId])?.fullName ?? null));
  const actions = useAdminActions();
  const request = useRequest();
  const [showKey, setShowKey] = useState(false);
  const [editing, setEditing] = useState(false);
  const service = outgoingServiceOf(bot);
  return (
    <li className="bot-row">
      <span className="settings-list-main">
        {bot.fullName}
        {bot.isActive ? null : <span className="settings-list-meta"> (deactivated)</span>}
      </span>
      <span className="settings-list-meta">
        {BOT_TYPES[bot.botType ?? 1] ?? 'Bot'} · {bot.email} · {owner === null ? 'No owner' : `Owner: ${owner}`}
      </span>
      {service === null ? null : (
        <span className="settings-list-meta">
          Sends to {service.base_url} ({service.interface === 2 ? 'Slack format' : 'Zulip format'})
        </span>
      )}
      {showKey ? (
        <code className="bot-key" aria-label={`API key of ${bot.fullName}`}>
          {bot.apiKey}
        </code>
      ) : null}
      <div className="button-row">
        {bot.isActive ? (
          <>
            <button type="button" className="button-quiet" aria-expanded={showKey} onClick={() => setShowKey(!showKey)}>
              {showKey ? 'Hide API key' : 'Show API key'}
              <span className="visually-hidden"> of {bot.fullName}</span>
            </button>
            <button type="button" className="button-quiet" aria-label={`Regenerate API key of ${bot.fullName}`} disabled={request.busy} onClick={() => void request.run(() => actions.regenerateBotKey(bot.id))}>
              Regenerate API key
            </button>
            <button type="button" className="button-quiet" aria-label={`Edit ${bot.fullName}`} onClick={() => setEditing(true)}>
              Edit
            </button>
            <button type="button" className="button-quiet button-danger" aria-label={`Deactivate ${bot.fullName}`} disabled={request.busy} onClick={() => void request.run(() => actions.deactivateBot(bot.id))}>
              Deactivate
            </button>
          </>
        ) : (
          <button type="button" className="button-quiet" aria-label={`Reactivate ${bot.fullName}`} disabled={request.busy} onClick={() => void request.run(() => actions.reactivatePerson(bot.id))}>
            Reactivate
          </button>
        )}
      </div>
      <FieldMessage id={`admin-bot-${bot.id}-message`} error={request.error} />
      {editing ? <EditBotDialog bot={bot} onClose={() => setEditing(false)} /> : null}
    </li>
  );
}
