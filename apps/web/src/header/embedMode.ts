/** SPEC.md section 2, Header: hidden when embedded mode equals 1 (set by `?embed=1`, kept for the visit). */
export const EMBED_STORAGE_KEY = 'payshelf-embed-mode';

export function isEmbedded(search: string, storage: Storage | undefined): boolean {
  const param = new URLSearchParams(search).get('embed');
  try {
    if (param === '1' || param === '0') storage?.setItem(EMBED_STORAGE_KEY, param);
    return storage?.getItem(EMBED_STORAGE_KEY) === '1' || param === '1';
  } catch {
    return param === '1';
  }
}

export function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
