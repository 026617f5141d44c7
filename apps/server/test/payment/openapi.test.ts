import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOperations, requiredDefaults } from '../support/openapi-checks.js';
import { startPaymentEnv, type PaymentTestEnv } from './support.js';

// The OpenAPI document is rendered from the same route table and zod schemas that serve requests:
// it must parse, reference every shared schema by `$ref` (and every `$ref` must resolve), name the
// callers each operation lets in, and list every route the server registered under /payment/api.
let env: PaymentTestEnv;
beforeAll(async () => {
  env = await startPaymentEnv();
});
afterAll(() => env?.stop());

interface Operation {
  security?: Array<Record<string, unknown>>;
  'x-payshelf-auth'?: string[];
  parameters?: Array<{ name: string; in: string }>;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Doc {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

function refsIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') into.push(v);
      else refsIn(v, into);
    }
  }
  return into;
}

/** Follows a local JSON pointer (`#/components/schemas/X`) through the document. */
function resolve(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  }
  return at;
}

/** `METHOD /path` of every route Fastify registered under `prefix`, read from its route tree. */
function registeredRoutes(tree: string, prefix: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const url = stack.join('');
    if (!url.startsWith(prefix)) continue;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method !== 'HEAD' && method !== 'OPTIONS') out.push(`${method} ${url.slice(prefix.length)}`);
    }
  }
  return out;
}

describe('OpenAPI document', () => {
  it('parses as OpenAPI 3.1, every $ref resolves, shared schemas are components', async () => {
    const res = await fetch(`${env.server.url}/payment/api/openapi.json`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const doc = JSON.parse(text) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of new Set(refs)) expect(resolve(doc, ref), ref).toBeDefined();
    // Shared objects are described once and referenced, not inlined in every operation.
    for (const name of ['Product', 'Price', 'CheckoutSession', 'ErrorBody', 'Metadata']) {
      expect(Object.keys(doc.components.schemas)).toContain(name);
    }
    // Inlined shared schemas would take megabytes; the declared 4xx answers (a `$ref` each) a few tens of kB.
    // (About 256 kB with the meters, meter events and credits routes, 16 operations.)
    expect(Buffer.byteLength(text)).toBeLessThan(300_000);
  });

  it('lists every error code in the error shape, snake_case but for the two the spec spells', async () => {
    const doc = (await (await fetch(`${env.server.url}/payment/api/openapi.json`)).json()) as Doc;
    const body = doc.components.schemas['ErrorBody'];
    const code = resolve(body, '#/properties/error/properties/code') as { enum?: string[]; $ref?: string };
    const codes = (code.$ref ? (resolve(doc, code.$ref) as { enum?: string[] }) : code).enum ?? [];
    expect(codes).toEqual(
      expect.arrayContaining(['CUSTOMER_LIMITED', 'REQUIRE_CROSS_SELL', 'resource_missing']),
    );
    expect(codes).toContain('donation_not_enabled');
    expect(codes).not.toContain('DONATION_NOT_ENABLED');
  });

  it('names the callers of every operation and declares its path parameters', async () => {
    const doc = (await (await fetch(`${env.server.url}/payment/api/openapi.json`)).json()) as Doc;
    const kinds = new Set(['key', 'admin', 'customer', 'browser']);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op['x-payshelf-auth']?.length, where).toBeGreaterThan(0);
        for (const kind of op['x-payshelf-auth'] ?? []) expect(kinds.has(kind), where).toBe(true);
        expect(Array.isArray(op.security), where).toBe(true);
        for (const requirement of op.security ?? []) {
          for (const scheme of Object.keys(requirement as object)) {
            expect(Object.keys(doc.components.securitySchemes), where).toContain(scheme);
          }
        }
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        expect(declared.sort(), where).toEqual(inPath.sort());
        // JSON, or a file (PDF, CSV) for the few download routes.
        const content = op.responses?.['200']?.content ?? {};
        expect(Object.values(content)[0]?.schema, where).toBeDefined();
      }
    }
  });

  it('gives every operation an operationId and its 4xx answers, and Idempotency-Key to every key write', async () => {
    const doc = (await (await fetch(`${env.server.url}/payment/api/openapi.json`)).json()) as Doc;
    // A secret key's writes are idempotent: every write a key may call declares the header.
    const count = checkOperations(doc, (_m, op) =>
      ((op as Operation)['x-payshelf-auth'] ?? []).includes('key'),
    );
    expect(count).toBeGreaterThan(50);
  });

  it('requires no request field that has a default, so a generated client may omit it', async () => {
    const doc = (await (await fetch(`${env.server.url}/payment/api/openapi.json`)).json()) as Doc;
    expect(requiredDefaults(doc)).toEqual([]);
  });

  it('documents every route registered under the payment API', async () => {
    const doc = (await (await fetch(`${env.server.url}/payment/api/openapi.json`)).json()) as Doc;
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
      ),
    );
    const tree = env.server.server.app.printRoutes({ commonPrefix: false });
    const registered = registeredRoutes(tree, '/payment/api');
    expect(registered.length).toBeGreaterThan(50);
    // The document itself is the one route outside the table.
    const missing = registered.filter((r) => !documented.has(r) && r !== 'GET /openapi.json');
    expect(missing).toEqual([]);
    expect(registered.length - 1).toBe(documented.size);
  });
});
