import { useMediaQuery } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC section 9: the random amount's digits roll for 800 ms. */
export const RANDOM_ANIMATION_MS = 800;
const FRAME_MS = 50;

export interface RandomAmount {
  /** The digits shown while rolling, null when not rolling. */
  rolling: string | null;
  /** Picks `pick()`, rolls through `frame()` values for 800 ms (unless reduced motion), then `done`. */
  roll(pick: () => bigint | null, frame: () => string, done: (units: bigint) => void): void;
}

/** The random button's digit animation; with prefers-reduced-motion the result shows at once. */
export function useRandomAmount(): RandomAmount {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [rolling, setRolling] = useState<string | null>(null);
  const interval = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const timeout = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stop = useCallback(() => {
    clearInterval(interval.current);
    clearTimeout(timeout.current);
  }, []);
  useEffect(() => stop, [stop]);

  const roll = useCallback(
    (pick: () => bigint | null, frame: () => string, done: (units: bigint) => void) => {
      const units = pick();
      if (units === null) return;
      stop();
      if (reduced) {
        done(units);
        return;
      }
      setRolling(frame());
      interval.current = setInterval(() => setRolling(frame()), FRAME_MS);
      timeout.current = setTimeout(() => {
        stop();
        setRolling(null);
        done(units);
      }, RANDOM_ANIMATION_MS);
    },
    [reduced, stop],
  );
  return { rolling, roll };
}
