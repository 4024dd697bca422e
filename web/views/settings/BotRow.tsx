import { useState } from 'react';
import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import type { BotEntry } from '../../store/state';
import { FieldMessage } from './FieldMessage';
import { ZuliprcLink } from './ZuliprcLink';

const BOT_TYPES: Record<number, string> = { 1: 'Generic', 2: 'Incoming webhook', 3: 'Outgoing webhook', 4: 'Embedded' };

/** One of the person's bots: its address, its API key on request, its zuliprc, and Deactivate. */
export function BotRow({ bot }: { bot: BotEntry }) {
  const actions = useSettingsActions();
  const request = useRequest();
  const [showKey, setShowKey] = useState(false);
  return (
    <li className="bot-row">
      <span className="settings-list-main">{bot.fullName}</span>
      <span className="settings-list-meta">
        {BOT_TYPES[bot.botType ?? 1] ?? 'Bot'} · {bot.email}
      </span>
      {showKey ? (
        <code className="bot-key" aria-label={`API key of ${bot.fullName}`}>
          {bot.apiKey}
        </code>
      ) : null}
      <div className="button-row">
        <button type="button" className="button-quiet" aria-expanded={showKey} onClick={() => setShowKey(!showKey)}>
          {showKey ? 'Hide API key' : 'Show API key'}
          <span className="visually-hidden"> of {bot.fullName}</span>
        </button>
        <ZuliprcLink email={bot.email} apiKey={bot.apiKey} label="Download zuliprc" name={bot.fullName} />
        <button type="button" className="button-quiet button-danger" aria-label={`Deactivate ${bot.fullName}`} disabled={request.busy} onClick={() => void request.run(() => actions.deactivateBot(bot.id))}>
          Deactivate
        </button>
      </div>
      <FieldMessage id={`bot-${bot.id}-message`} error={request.error} />
    </li>
  );
}
