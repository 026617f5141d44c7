export type ThemeMode = 'light' | 'dark';

/** localStorage key of the user's explicit choice. Absent means "follow the operating system". */
export const THEME_STORAGE_KEY = 'payshelf_theme';

export function isThemeMode(value: unknown): value is ThemeMode {
  return value === 'light' || value === 'dark';
}

// Storage can be unavailable (disabled cookies, some private modes): the choice then lasts for the visit.
function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredThemeMode(): ThemeMode | null {
  try {
    const value = localStorageOrNull()?.getItem(THEME_STORAGE_KEY);
    return isThemeMode(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeThemeMode(mode: ThemeMode): void {
  try {
    localStorageOrNull()?.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Quota or privacy settings: keep the in-memory choice only.
  }
}
