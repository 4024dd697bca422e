import { useSelector } from '../store/use-store';

const TIME_12 = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', hour12: true });
const TIME_24 = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const FULL_12 = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short', hour12: true });
const FULL_24 = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23' });

/** When a message was sent: the time of day in the person's clock (`twenty_four_hour_time`), the full date on hover and for machines. */
export function MessageTime({ timestamp, className = 'message-time' }: { timestamp: number; className?: string }) {
  const twentyFour = useSelector((state) => state.settings.twenty_four_hour_time === true);
  const date = new Date(timestamp * 1000);
  return (
    <time className={className} dateTime={date.toISOString()} title={(twentyFour ? FULL_24 : FULL_12).format(date)}>
      {(twentyFour ? TIME_24 : TIME_12).format(date)}
    </time>
  );
}
