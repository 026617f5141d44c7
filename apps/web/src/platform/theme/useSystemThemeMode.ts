import { useSyncExternalStore } from 'react';
import type { ThemeMode } from './themeStorage';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function darkQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = darkQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

function snapshot(): ThemeMode {
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** The operating system's colour scheme, live: follows the user switching it while the page is open. */
export function useSystemThemeMode(): ThemeMode {
  return useSyncExternalStore(subscribe, snapshot, () => 'light');
}
