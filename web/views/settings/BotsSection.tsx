import { useSelector } from '../../store/use-store';
import { BotRow } from './BotRow';
import { CreateBotForm } from './CreateBotForm';

/** The person's own active bots (register's `realm_bots` also lists others' for admins), and a form for a new one. */
export function BotsSection() {
  const bots = useSelector((state) => state.bots);
  const me = useSelector((state) => state.session?.userId);
  const mine = Object.values(bots)
    .filter((bot) => bot.ownerId === me && bot.isActive)
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
  return (
    <>
      <section className="settings-group" aria-labelledby="your-bots-heading">
        <h3 id="your-bots-heading">Your bots</h3>
        {mine.length === 0 ? (
          <p className="settings-empty">You have no bots yet.</p>
        ) : (
          <ul className="settings-list" aria-label="Your bots">
            {mine.map((bot) => (
              <BotRow key={bot.id} bot={bot} />
            ))}
          </ul>
        )}
      </section>
      <section className="settings-group" aria-labelledby="new-bot-heading">
        <h3 id="new-bot-heading">Add a new bot</h3>
        <CreateBotForm />
      </section>
    </>
  );
}
