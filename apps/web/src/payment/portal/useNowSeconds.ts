import { useEffect, useState } from 'react';

/** The current time in epoch seconds, refreshed every minute so a remaining time keeps counting down. */
export function useNowSeconds(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
