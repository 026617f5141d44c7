import { createContext } from 'react';
import type { ThemeMode } from './themeStorage';

export interface ThemeModeContextValue {
  /** The mode in effect: the user's choice, or the operating system's until they choose. */
  mode: ThemeMode;
  /** Chooses a mode and remembers it in localStorage. */
  setMode: (mode: ThemeMode) => void;
  /** Switches between light and dark (and remembers the choice). */
  toggle: () => void;
}

export const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);
