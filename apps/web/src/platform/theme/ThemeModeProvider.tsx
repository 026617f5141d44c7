import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { createAppTheme } from './createAppTheme';
import { ThemeModeContext, type ThemeModeContextValue } from './ThemeModeContext';
import { readStoredThemeMode, storeThemeMode, type ThemeMode } from './themeStorage';
import { useSystemThemeMode } from './useSystemThemeMode';

/** Light or dark MUI theme plus CssBaseline; see useThemeMode() for reading and changing the mode. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const systemMode = useSystemThemeMode();
  const [chosenMode, setChosenMode] = useState<ThemeMode | null>(readStoredThemeMode);
  const mode = chosenMode ?? systemMode;

  const setMode = useCallback((next: ThemeMode) => {
    setChosenMode(next);
    storeThemeMode(next);
  }, []);
  const toggle = useCallback(() => setMode(mode === 'dark' ? 'light' : 'dark'), [mode, setMode]);

  const value = useMemo<ThemeModeContextValue>(() => ({ mode, setMode, toggle }), [mode, setMode, toggle]);
  const theme = useMemo(() => createAppTheme(mode), [mode]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
