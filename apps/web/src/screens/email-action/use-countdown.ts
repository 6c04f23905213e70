import { useEffect, useState } from 'react';

/** Counts down once a second from `seconds` while `running`, then calls onDone once. */
export function useCountdown(seconds: number, running: boolean, onDone: () => void): number {
  const [remaining, setRemaining] = useState(seconds);

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      setRemaining((value) => Math.max(0, value - 1));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [running]);

  useEffect(() => {
    if (running && remaining === 0) onDone();
  }, [running, remaining, onDone]);

  return remaining;
}
