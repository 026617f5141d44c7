/** True when `field` (or `data.field` on a list) was asked for with expand[]. */
export function wantsExpand(expand: readonly string[], field: string): boolean {
  return expand.includes(field) || expand.includes(`data.${field}`);
}

/** Keeps only the keys that were sent, so an update touches nothing else. */
export function definedOnly<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
