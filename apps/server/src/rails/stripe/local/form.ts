// Stripe's request bodies and query strings: form encoding with bracketed keys
// (`metadata[reference]=x`, `expand[0]=latest_charge`) read into nested objects and arrays.

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** The bracketed path of a form key: `a[b][0]` is ['a', 'b', '0']; `a[]` appends. */
function pathOf(key: string): string[] {
  const head = key.split('[', 1)[0] ?? key;
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [head, ...rest];
}

/** Nested objects whose keys are all indexes become arrays (Stripe sends lists as `list[0]`, `list[1]`). */
function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const fixed: FormObject = {};
  for (const key of keys) fixed[key] = arrays(value[key] as FormValue);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => fixed[k] as FormValue);
  }
  return fixed;
}

/** Reads a form-encoded body (or a query string) into nested objects. */
export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  let appended = 0;
  for (const [key, value] of new URLSearchParams(text)) {
    const path = pathOf(key);
    let node = root;
    path.forEach((part, i) => {
      const name = part === '' ? String(appended++) : part;
      if (i === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === 'object' && !Array.isArray(next)) node = next;
      else {
        const made: FormObject = {};
        node[name] = made;
        node = made;
      }
    });
  }
  return arrays(root) as FormObject;
}

/** A string parameter, or undefined. */
export function str(form: FormObject, key: string): string | undefined {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
}

/** A nested object parameter (metadata, card), or undefined. */
export function obj(form: FormObject, key: string): FormObject | undefined {
  const value = form[key];
  return typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/** A string-valued map (metadata): nested values are dropped, as Stripe refuses them. */
export function stringMap(form: FormObject | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form ?? {})) if (typeof value === 'string') out[key] = value;
  return out;
}

/** A boolean parameter ('true' / 'false'), or undefined. */
export function bool(form: FormObject, key: string): boolean | undefined {
  const value = str(form, key);
  return value === undefined ? undefined : value === 'true';
}
