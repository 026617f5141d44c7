import * as api from '@payshelf/api';
import { z } from 'zod';
import { inputForm } from './input-form.js';

export type JsonSchema = Record<string, unknown>;

const PREFIX = '#/components/schemas/';
/** Suffix of the request-side (`io: input`) variant of a component whose input and output differ. */
const INPUT = 'Input';

/** Every zod schema `@payshelf/api` exports, named by its export name in PascalCase (`checkoutSession` → `CheckoutSession`). */
function sharedSchemas(): Array<[string, z.ZodType]> {
  const out: Array<[string, z.ZodType]> = [];
  for (const [name, value] of Object.entries(api as Record<string, unknown>)) {
    if (value instanceof z.ZodType) out.push([name.charAt(0).toUpperCase() + name.slice(1), value]);
  }
  return out;
}

function strip(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, id: _d, ...rest } = schema;
  return rest;
}

/** Deep copy of `value` with every `$ref` passed through `map`. */
function mapRefs(value: unknown, map: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapRefs(v, map));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' ? map(v) : mapRefs(v, map),
    ]),
  );
}

function refsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') into.add(v.slice(PREFIX.length));
      else refsIn(v, into);
    }
  }
  return into;
}

/** Keeps the schema's `.describe()` text, which lives in zod's global registry, not the one used here. */
function describe(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: z.core.JSONSchema.BaseSchema }): void {
  const description = z.globalRegistry.get(ctx.zodSchema)?.description;
  if (description && !ctx.jsonSchema.description) ctx.jsonSchema.description = description;
}

export interface Rendered {
  /** Shared schemas, referenced as `#/components/schemas/<Name>` (request variants `<Name>Input`). */
  components: Record<string, JsonSchema>;
  /** The JSON Schema of a route's body (input) or response (output), referencing the components. */
  schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema;
}

/**
 * Renders every route schema once per direction against one registry of the shared `@payshelf/api`
 * schemas, so a shared schema appears once under `components.schemas` and everywhere else as a `$ref`.
 * A request variant (`XInput`) is kept only where defaults or transforms make it differ from `X`.
 */
export function renderSchemas(uses: Array<[z.ZodType, 'input' | 'output']>): Rendered {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of sharedSchemas()) if (!registry.has(schema)) registry.add(schema, { id: name });
  const routeIds = new Map<z.ZodType, string>();
  for (const [schema] of uses) {
    const known = registry.get(schema)?.id ?? routeIds.get(schema);
    if (known) continue;
    const id = `__route${routeIds.size}`;
    routeIds.set(schema, id);
    registry.add(schema, { id });
  }
  const convert = (io: 'input' | 'output'): Record<string, JsonSchema> => {
    const suffix = io === 'input' ? INPUT : '';
    const { __shared: shared, ...schemas } = z.toJSONSchema(registry, {
      io,
      uri: (id) => `${PREFIX}${id}${suffix}`,
      unrepresentable: 'any',
      cycles: 'ref',
      reused: 'inline',
      override: describe,
    }).schemas as Record<string, JsonSchema>;
    // Recursive schemas without an export name (a metadata value) come back as `__shared#/$defs/<id>`:
    // each becomes a component of its own, `Shared<Id>`.
    const defs = (shared?.$defs ?? {}) as Record<string, JsonSchema>;
    const named = (def: string) => `Shared${def.charAt(0).toUpperCase()}${def.slice(1)}`;
    const lift = (ref: string) => {
      const match = /^#\/components\/schemas\/__shared(?:Input)?#\/\$defs\/(.+)$/.exec(ref);
      return match?.[1] ? `${PREFIX}${named(match[1])}${suffix}` : ref;
    };
    const out: Record<string, JsonSchema> = {};
    const form = (schema: unknown) => (io === 'input' ? inputForm(schema) : schema);
    for (const [id, schema] of Object.entries(schemas)) out[id] = form(mapRefs(schema, lift)) as JsonSchema;
    for (const [def, schema] of Object.entries(defs)) {
      const self = `${PREFIX}${named(def)}${suffix}`;
      out[named(def)] = form(anyItemsFor(self, mapRefs(schema, lift))) as JsonSchema;
    }
    return out;
  };
  const output = convert('output');
  const input = convert('input');

  const all: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(output)) all[id] = strip(schema);
  for (const [id, schema] of Object.entries(input)) all[`${id}${INPUT}`] = strip(schema);

  // XInput is an alias of X when it equals X once its own XInput refs read as X refs, and every
  // YInput it references is an alias too (largest such set, found by removing until stable).
  const plain = (ref: string) => (ref.endsWith(INPUT) ? ref.slice(0, -INPUT.length) : ref);
  const aliases = new Set(
    Object.keys(input).filter(
      (id) => JSON.stringify(mapRefs(all[`${id}${INPUT}`], plain)) === JSON.stringify(all[id]),
    ),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const id of aliases) {
      const needs = [...refsIn(all[`${id}${INPUT}`])].filter((r) => r.endsWith(INPUT)).map(plain);
      if (needs.some((n) => !aliases.has(n))) {
        aliases.delete(id);
        changed = true;
      }
    }
  }
  const resolve = (ref: string) => {
    const id = ref.slice(PREFIX.length);
    return id.endsWith(INPUT) && aliases.has(plain(id)) ? `${PREFIX}${plain(id)}` : ref;
  };
  const byId: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(all)) {
    if (id.endsWith(INPUT) && aliases.has(plain(id))) continue;
    byId[id] = mapRefs(schema, resolve) as JsonSchema;
  }

  const rawSchemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const routeId = routeIds.get(schema);
    const suffix = io === 'input' ? INPUT : '';
    if (routeId) return byId[`${routeId}${suffix}`] ?? {};
    const shared = registry.get(schema)?.id ?? '';
    return { $ref: resolve(`${PREFIX}${shared}${suffix}`) };
  };
  const roots = uses.map(([schema, io]) => {
    const root = rawSchemaOf(schema, io);
    if (typeof root.$ref === 'string') return root.$ref.slice(PREFIX.length);
    return `${routeIds.get(schema) ?? ''}${io === 'input' ? INPUT : ''}`;
  });
  const routeOnly = new Set([...routeIds.values()].flatMap((id) => [id, `${id}${INPUT}`]));
  const kept = reachable(byId, roots, routeOnly);
  // A request-only schema needs no suffix: `ProductCreateInput` reads `ProductCreate`.
  const rename = (ref: string) => {
    const id = ref.slice(PREFIX.length);
    return id.endsWith(INPUT) && !kept[plain(id)] ? `${PREFIX}${plain(id)}` : ref;
  };
  const components: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(kept)) {
    components[rename(`${PREFIX}${id}`).slice(PREFIX.length)] = mapRefs(schema, rename) as JsonSchema;
  }
  const schemaOf = (schema: z.ZodType, io: 'input' | 'output') =>
    mapRefs(rawSchemaOf(schema, io), rename) as JsonSchema;
  return { components, schemaOf };
}

/**
 * Deep copy of a recursive schema whose arrays of itself (`items: { $ref: self }`) read `items: {}`.
 * Both mean "any JSON value" inside a JSON document (the JSON value `z.json()` renders to), but
 * generated TypeScript clients cannot express an array of the type being declared
 * (`components["schemas"]["X"][]` inside `X` is a circular type), so they need the plain form.
 */
function anyItemsFor(self: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => anyItemsFor(self, v));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      const selfRef = k === 'items' && v && typeof v === 'object' && (v as JsonSchema).$ref === self;
      return [k, selfRef ? {} : anyItemsFor(self, v)];
    }),
  );
}

/** The shared components some route schema reaches (route-only schemas are inlined, never listed). */
function reachable(
  byId: Record<string, JsonSchema>,
  roots: string[],
  routeOnly: Set<string>,
): Record<string, JsonSchema> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || !byId[id]) return;
    seen.add(id);
    for (const ref of refsIn(byId[id])) visit(ref);
  };
  for (const id of roots) visit(id);
  return Object.fromEntries(Object.entries(byId).filter(([id]) => seen.has(id) && !routeOnly.has(id)));
}
