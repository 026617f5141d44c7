/** SPEC.md section 9: the livemode default is read from local storage. */
export const LIVEMODE_STORAGE_KEY = 'livemode';

/** Test mode unless live mode was chosen before: a new merchant experiments safely. */
export function readLivemode(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(LIVEMODE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeLivemode(storage: Pick<Storage, 'setItem'> | undefined, livemode: boolean): void {
  try {
    storage?.setItem(LIVEMODE_STORAGE_KEY, String(livemode));
  } catch {
    // Private mode or a full quota: the choice lasts for this visit only.
  }
}
