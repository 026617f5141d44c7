import { useEffect, useState } from 'react';

/** SPEC.md section 9: table searches wait 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebounced<T>(value: T, ms: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
