const TIME = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const FULL = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

/** When a message was sent: the time of day, with the full date on hover and for machines. */
export function MessageTime({ timestamp, className = 'message-time' }: { timestamp: number; className?: string }) {
  const date = new Date(timestamp * 1000);
  return (
    <time className={className} dateTime={date.toISOString()} title={FULL.format(date)}>
      {TIME.format(date)}
    </time>
  );
}
