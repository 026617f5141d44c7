// Values for a JSON schema of the OpenAPI document (inline or through `$ref`), and the ways the fuzz
// test spoils them: wrong types, NUL, lone surrogates, huge numbers, deep nesting, extra fields.
import fc from 'fast-check';

export type JsonSchema = Record<string, unknown>;
export type Doc = { components?: { schemas?: Record<string, JsonSchema> } } & Record<string, unknown>;

/** Real object ids by prefix (`prod`, `price`, `pc`, …), so generated bodies reach the handlers. */
export type KnownIds = Record<string, string[]>;

/** Stands for a deeply nested value; replaced in the JSON text (building it would overflow the stack). */
export const DEEP = '\u0001deep\u0001';

export function resolve(doc: Doc, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
    const name = current.$ref.replace(/^#\/components\/schemas\//, '');
    const target = doc.components?.schemas?.[name];
    if (!target) return {};
    current = { ...target, ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== '$ref')) };
  }
  return current;
}

const LIMIT = 2n ** 256n;

const nasty: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀中文',
  '',
  ' ',
  'x'.repeat(70_000),
  '9'.repeat(79),
  LIMIT.toString(),
  (LIMIT - 1n).toString(),
  (10n ** 78n).toString(),
  '-1',
  '1.5',
  '1e400',
  -1,
  0,
  1.5,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  null,
  [],
  {},
  { '\u0000': 1 },
  ['\ud800'],
  DEEP,
  'javascript:alert(1)',
  '__proto__',
  'price_AAAAAAAAAAAAAAAAAAAAAAAA',
];

function stringFor(schema: JsonSchema, ids: KnownIds): fc.Arbitrary<string> {
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : null;
  const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 40) : 40;
  const min = typeof schema.minLength === 'number' ? Math.min(schema.minLength, max) : 0;
  if (pattern) {
    const prefix = /^\^([a-z]+)_/.exec(pattern)?.[1];
    const real = prefix ? (ids[prefix] ?? []) : [];
    const matching = fc.stringMatching(new RegExp(pattern)).filter((s) => s.length <= 100);
    return real.length > 0
      ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 4 }, matching)
      : matching;
  }
  switch (schema.format) {
    case 'uri':
      return fc.constantFrom(
        'https://example.com/done',
        'http://localhost/x',
        'ftp://x',
        'javascript:alert(1)',
      );
    case 'email':
      return fc.constantFrom('a@example.com', 'not-an-email', `${'a'.repeat(70)}@example.com`);
    case 'date-time':
      return fc.constantFrom('2026-01-01T00:00:00Z', '9999-12-31T23:59:59Z', 'yesterday');
    default:
      return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
  }
}

function numberFor(schema: JsonSchema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000_000;
  if (schema.type === 'integer') {
    const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
    const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
    return fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi));
  }
  return fc.double({ min, max, noNaN: true });
}

/** A value the schema describes (mostly valid; patterns and formats may still be refused). */
export function valueFor(doc: Doc, raw: JsonSchema, ids: KnownIds, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  if (depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => valueFor(doc, s, ids, depth + 1)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    const parts = (schema.allOf as JsonSchema[]).map((s) => valueFor(doc, s, ids, depth + 1));
    return fc
      .tuple(...parts)
      .map((values) =>
        values.every((v) => v && typeof v === 'object' && !Array.isArray(v))
          ? Object.assign({}, ...values)
          : values[0],
      );
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  const arbitraries = type.map((t): fc.Arbitrary<unknown> => {
    switch (t) {
      case 'string':
        return stringFor(schema, ids);
      case 'integer':
      case 'number':
        return numberFor({ ...schema, type: t });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const items = (schema.items as JsonSchema | undefined) ?? {};
        const minItems = typeof schema.minItems === 'number' ? Math.min(schema.minItems, 3) : 0;
        return fc.array(valueFor(doc, items, ids, depth + 1), { minLength: minItems, maxLength: 3 });
      }
      case 'object':
        return objectFor(doc, schema, ids, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  });
  return arbitraries.length === 1 ? (arbitraries[0] ?? fc.constant(null)) : fc.oneof(...arbitraries);
}

function objectFor(doc: Doc, schema: JsonSchema, ids: KnownIds, depth: number): fc.Arbitrary<unknown> {
  const props = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const model = Object.fromEntries(
    Object.entries(props).map(([k, s]) => [k, valueFor(doc, s, ids, depth + 1)]),
  );
  const fixed = fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object' && Object.keys(props).length === 0) {
    return fc.dictionary(
      fc.string({ minLength: 1, maxLength: 12 }),
      valueFor(doc, extra as JsonSchema, ids, depth + 1),
      {
        maxKeys: 3,
      },
    );
  }
  return fixed;
}

/** Every place in a value (object members and array items), as key paths. */
function placesOf(value: unknown): Array<Array<string | number>> {
  const places: Array<Array<string | number>> = [[]];
  const stack: Array<[unknown, Array<string | number>]> = [[value, []]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() ?? [null, []];
    if (!current || typeof current !== 'object') continue;
    for (const [k, v] of Object.entries(current)) {
      const key = Array.isArray(current) ? Number(k) : k;
      places.push([...path, key]);
      stack.push([v, [...path, key]]);
    }
  }
  return places;
}

function setAt(
  value: unknown,
  path: Array<string | number>,
  replacement: unknown,
  extraKey?: string,
): unknown {
  if (path.length === 0 && extraKey === undefined) return replacement;
  const copy = structuredClone(value);
  let parent: unknown = copy;
  for (const key of path.slice(0, extraKey === undefined ? -1 : undefined)) {
    parent = (parent as Record<string | number, unknown>)[key];
  }
  if (!parent || typeof parent !== 'object') return copy;
  const key = extraKey ?? path[path.length - 1] ?? '';
  // defineProperty, so `__proto__` becomes a member (as a client could send) rather than the prototype.
  Object.defineProperty(parent, key, {
    value: replacement,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

export type Mutation = 'none' | 'replace' | 'extra' | 'whole' | 'raw';

/** The JSON text to send: `valid` as generated, or spoiled in one place. */
export function mutatedBody(
  valid: fc.Arbitrary<unknown>,
): fc.Arbitrary<{ mutation: Mutation; text: string }> {
  const deep = fc
    .constantFrom(33, 200, 20_000)
    .chain((n) => fc.constantFrom('['.repeat(n) + ']'.repeat(n), '{"a":'.repeat(n) + '1' + '}'.repeat(n)));
  const render = (value: unknown, deepText: string) =>
    (JSON.stringify(value) ?? 'null').split(JSON.stringify(DEEP)).join(deepText);
  return fc
    .record({
      mutation: fc.constantFrom<Mutation>('none', 'replace', 'replace', 'replace', 'extra', 'whole', 'raw'),
      value: valid,
      pick: fc.nat(),
      nastyValue: fc.oneof(fc.constantFrom(...nasty), fc.jsonValue({ maxDepth: 2 })),
      extraKey: fc.constantFrom('extra', 'k\u0000', '\ud800', 'x'.repeat(300), '__proto__', 'constructor'),
      deepText: deep,
      raw: fc.constantFrom(
        '{',
        '{"a":',
        'nul\u0000',
        '"\\ud800"',
        '[1,]',
        '',
        '1e99999',
        `"${'9'.repeat(100)}"`,
      ),
    })
    .map(({ mutation, value, pick, nastyValue, extraKey, deepText, raw }) => {
      const places = placesOf(value);
      const place = places[pick % places.length] ?? [];
      switch (mutation) {
        case 'none':
          return { mutation, text: render(value, deepText) };
        case 'replace':
          return { mutation, text: render(setAt(value, place, nastyValue), deepText) };
        case 'extra': {
          const objects = places.filter((p) => {
            let v: unknown = value;
            for (const k of p) v = (v as Record<string | number, unknown>)[k];
            return v !== null && typeof v === 'object' && !Array.isArray(v);
          });
          const at = objects[pick % Math.max(objects.length, 1)] ?? [];
          return { mutation, text: render(setAt(value, at, nastyValue, extraKey), deepText) };
        }
        case 'whole':
          return { mutation, text: render(nastyValue, deepText) };
        case 'raw':
          return { mutation, text: raw };
      }
    });
}
