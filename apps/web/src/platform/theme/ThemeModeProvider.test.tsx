// @vitest-environment happy-dom
import { useTheme } from '@mui/material/styles';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from './themeStorage';
import { ThemeModeProvider } from './ThemeModeProvider';
import { useThemeMode } from './useThemeMode';

function Probe() {
  const { mode, setMode, toggle } = useThemeMode();
  const theme = useTheme();
  return (
    <>
      <output data-testid="mode">{mode}</output>
      <output data-testid="palette">{theme.palette.mode}</output>
      <button onClick={toggle}>toggle</button>
      <button onClick={() => setMode('light')}>light</button>
    </>
  );
}

/** A controllable `(prefers-color-scheme: dark)` media query. */
function mockSystemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => query as unknown as MediaQueryList);
  return (nextDark: boolean) => {
    query.matches = nextDark;
    listeners.forEach((listener) => listener());
  };
}

const mode = () => screen.getByTestId('mode').textContent;

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('ThemeModeProvider', () => {
  it('follows prefers-color-scheme until the user chooses', () => {
    const setSystemDark = mockSystemScheme(true);
    render(
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>,
    );
    expect(mode()).toBe('dark');
    expect(screen.getByTestId('palette').textContent).toBe('dark');

    act(() => setSystemDark(false));
    expect(mode()).toBe('light');

    fireEvent.click(screen.getByText('toggle'));
    expect(mode()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    act(() => setSystemDark(false));
    expect(mode()).toBe('dark');
  });

  it('restores the stored choice over the system scheme', () => {
    mockSystemScheme(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    render(
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>,
    );
    expect(mode()).toBe('light');

    fireEvent.click(screen.getByText('toggle'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    fireEvent.click(screen.getByText('light'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('ignores an unknown stored value', () => {
    mockSystemScheme(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    render(
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>,
    );
    expect(mode()).toBe('light');
  });
});
