import { expect } from 'vitest';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ name: string; in: string }>;
  responses?: Record<string, unknown>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

/**
 * The conventions every part's document keeps: a unique operationId per operation; 400 declared on
 * each (bad input), 401 and 403 where a caller is needed, 404 where the path names an object; and the
 * `Idempotency-Key` header on each write `honoursKey` says accepts one.
 */
export function checkOperations(
  doc: OpenApiDoc,
  honoursKey: (method: string, op: Operation) => boolean,
): number {
  const ids = new Set<string>();
  let count = 0;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const where = `${method.toUpperCase()} ${path}`;
      count += 1;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId ?? ''), `${where}: operationId used twice`).toBe(false);
      ids.add(op.operationId ?? '');
      const codes = Object.keys(op.responses ?? {});
      expect(codes, where).toContain('400');
      const open = (op.security ?? []).some((s) => Object.keys(s).length === 0);
      if (!open) expect(codes, where).toEqual(expect.arrayContaining(['401', '403']));
      if (path.includes('{')) expect(codes, where).toContain('404');
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      if (method !== 'get' && honoursKey(method, op)) expect(headers, where).toContain('Idempotency-Key');
    }
  }
  return count;
}

type Json = Record<string, unknown>;

function deref(doc: unknown, schema: unknown): Json {
  let at = schema as Json | undefined;
  for (let hops = 0; at && typeof at.$ref === 'string' && hops < 20; hops++) {
    let next: unknown = doc;
    for (const key of at.$ref.slice(2).split('/')) next = (next as Json | undefined)?.[key];
    at = next as Json | undefined;
  }
  return at ?? {};
}

/**
 * What a client generated from the document (openapi-typescript's default options) needs to omit a
 * field that has a default: no request body property and no query parameter with a `default` is
 * required. Returns `where: property` for each one that is.
 */
export function requiredDefaults(doc: OpenApiDoc): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const walk = (schema: unknown, where: string): void => {
    const s = deref(doc, schema);
    if (seen.has(s)) return;
    seen.add(s);
    const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
    for (const [name, prop] of Object.entries((s.properties as Json | undefined) ?? {})) {
      if (required.has(name) && 'default' in deref(doc, prop)) out.push(`${where}: ${name}`);
      walk(prop, `${where}.${name}`);
    }
    for (const key of ['items', 'additionalProperties'])
      if (s[key] && typeof s[key] === 'object') walk(s[key], where);
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      for (const part of (s[key] as unknown[] | undefined) ?? []) walk(part, where);
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const where = `${method.toUpperCase()} ${path}`;
      const body = (op as { requestBody?: { content?: Record<string, { schema?: unknown }> } }).requestBody;
      const schema = body?.content?.['application/json']?.schema;
      if (schema) walk(schema, where);
      for (const p of (op.parameters ?? []) as Array<{
        name: string;
        required?: boolean;
        schema?: unknown;
      }>) {
        if (p.required && 'default' in deref(doc, p.schema)) out.push(`${where}: ?${p.name}`);
      }
    }
  }
  return out;
}
