import { isRealmAdmin } from '../../store/permissions';
import { useSelector } from '../../store/use-store';
import { AdminOnlyNote } from './AdminOnlyNote';
import { AdminBotRow } from './AdminBotRow';
import { CreateOutgoingBotForm } from './CreateOutgoingBotForm';

/**
 * Every bot of the organization (Zulip's `bot-list-admin`). An administrator's register
 * carries them all (`realm_bots`, deactivated ones too, then `realm_bot` events) with their
 * keys and services; anyone else sees the active bots by name only.
 */
export function AdminBotsSection() {
  const admin = useSelector(isRealmAdmin);
  return (
    <>
      <AdminOnlyNote>Only organization administrators can manage every bot. Your own bots are under Personal settings › Bots.</AdminOnlyNote>
      {admin ? <AdministeredBots /> : <BotNames />}
    </>
  );
}

function AdministeredBots() {
  const bots = useSelector((state) => Object.values(state.bots).sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.fullName.localeCompare(b.fullName)));
  return (
    <>
      <section className="settings-group" aria-labelledby="all-bots-heading">
        <h3 id="all-bots-heading">All bots</h3>
        {bots.length === 0 ? (
          <p className="settings-empty">This organization has no bots yet.</p>
        ) : (
          <ul className="settings-list" aria-label="Bots">
            {bots.map((bot) => (
              <AdminBotRow key={bot.id} bot={bot} />
            ))}
          </ul>
        )}
      </section>
      <section className="settings-group" aria-labelledby="new-outgoing-bot-heading">
        <h3 id="new-outgoing-bot-heading">Add an outgoing webhook bot</h3>
        <CreateOutgoingBotForm />
      </section>
    </>
  );
}

function BotNames() {
  const bots = useSelector((state) => Object.values(state.users).filter((user) => user.isBot).sort((a, b) => a.fullName.localeCompare(b.fullName)));
  return bots.length === 0 ? (
    <p className="settings-empty">This organization has no bots yet.</p>
  ) : (
    <ul className="settings-list" aria-label="Bots">
      {bots.map((bot) => (
        <li key={bot.id}>
          <span className="settings-list-main">{bot.fullName}</span>
          <span className="settings-list-meta">{bot.email}</span>
        </li>
      ))}
    </ul>
  );
}
