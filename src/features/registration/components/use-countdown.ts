import { useEffect, useState } from 'react';

/** Whole seconds left until `from + seconds`, ticking every second and floored at zero. */
export function useCountdown(from: number | null, seconds: number): number {
  const left = () => (from === null ? 0 : Math.max(0, Math.ceil((from + seconds * 1000 - Date.now()) / 1000)));
  const [remaining, setRemaining] = useState(left);
  useEffect(() => {
    setRemaining(left());
    const timer = setInterval(() => {
      const now = left();
      setRemaining(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [from, seconds]); // eslint-disable-line react-hooks/exhaustive-deps
  return remaining;
}
