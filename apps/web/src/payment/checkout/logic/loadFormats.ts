import { useEffect, useState } from 'react';
import type * as FormatsModule from './formats';

export type Formats = typeof FormatsModule;

let loading: Promise<Formats> | null = null;
let loaded: Formats | null = null;

/** Loads the phone / postal code rules once (a separate chunk with their libraries). */
export function loadFormats(): Promise<Formats> {
  loading ??= import('./formats').then((m) => (loaded = m));
  return loading;
}

/** The rules if already loaded: they are by the time a form with a phone field has been validated. */
export function loadedFormats(): Formats | null {
  return loaded;
}

/** The rules in a component: null until loaded (starts loading on mount). */
export function useFormats(): Formats | null {
  const [formats, setFormats] = useState<Formats | null>(loaded);
  useEffect(() => {
    if (formats) return;
    let live = true;
    void loadFormats().then((m) => live && setFormats(m));
    return () => {
      live = false;
    };
  }, [formats]);
  return formats;
}
