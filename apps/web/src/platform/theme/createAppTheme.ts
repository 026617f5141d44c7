import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from './themeStorage';

/** The product's MUI theme for one mode. Colours meet WCAG AA contrast on their backgrounds. */
export function createAppTheme(mode: ThemeMode): Theme {
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: dark ? '#8fa8ff' : '#3451c7' },
      secondary: { main: dark ? '#5eead4' : '#0f766e' },
      // MUI's light warning orange (#ed6c02, 3.1:1) and info blue (#0288d1, 3.9:1) are too pale under white
      // chip text and as text on white; these are 5:1 and more (dark mode keeps MUI's light shades).
      ...(dark ? {} : { warning: { main: '#b45309' }, info: { main: '#0369a1' } }),
      background: dark ? { default: '#0f1117', paper: '#171a23' } : { default: '#f7f8fb', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily:
        '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", sans-serif',
      h1: { fontSize: '2rem', fontWeight: 600 },
      h2: { fontSize: '1.5rem', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      // Initials in an avatar without a picture: white on dark grey (6:1) in both modes, where MUI's grey
      // background under the page colour reads at 1.8:1.
      MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: '#616161', color: '#ffffff' } } },
    },
  });
}
