import { useEffect, useState } from 'react';

/** The time in seconds, refreshed every `periodMs` (presence dots age without events). */
export function useNowSeconds(periodMs = 30_000): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}
