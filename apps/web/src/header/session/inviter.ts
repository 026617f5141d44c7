/** SPEC.md section 2: an `?inviter=` query parameter is stored locally (the reference's key). */
export const INVITER_STORAGE_KEY = 'inviter';

export function rememberInviter(search: string, storage: Storage | undefined): string | undefined {
  const inviter = new URLSearchParams(search).get('inviter')?.trim();
  if (!inviter) return undefined;
  try {
    storage?.setItem(INVITER_STORAGE_KEY, inviter);
  } catch {
    // Storage disabled: the invitation is not remembered.
  }
  return inviter;
}
