/** Every dotted path of an object tree, parents included: {a: [{b: 1}]} -> a, a.0, a.0.b. */
export function fieldPaths(values: unknown, prefix = ''): string[] {
  if (values === null || typeof values !== 'object') return [];
  return Object.entries(values).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...fieldPaths(value, path)];
  });
}

/**
 * The form field that shows a server error about `param`: the field of that exact path, else the
 * nearest parent that is a field (so `tiers.3` lands on the tier list). Undefined when none.
 */
export function fieldForParam(param: string | undefined, fields: readonly string[]): string | undefined {
  if (!param) return undefined;
  const known = new Set(fields);
  const parts = param.split('.');
  for (let n = parts.length; n > 0; n -= 1) {
    const candidate = parts.slice(0, n).join('.');
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}
