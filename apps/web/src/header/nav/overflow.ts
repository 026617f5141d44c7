/**
 * How many of the top-level items fit in `available` pixels. When they do not all fit, room is kept
 * for the "..." button that holds the rest.
 */
export function fitCount(widths: readonly number[], available: number, moreWidth: number): number {
  const total = widths.reduce((sum, w) => sum + w, 0);
  if (total <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const width of widths) {
    if (used + width > available) break;
    used += width;
    count += 1;
  }
  return count;
}

/** Calls `fn` once calls stop for `ms` (the header re-lays out 100 ms after the last resize). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}
