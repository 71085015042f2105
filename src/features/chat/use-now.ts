import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` while `active` (for live durations). Default 200 ms. */
export function useNow(active: boolean, intervalMs = 200): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return active ? Math.max(now, Date.now()) : now;
}
