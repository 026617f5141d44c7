// Every operation of the OpenAPI documents the server serves (payment, store, platform, and the
// routes still outside them), called with generated malformed input
// (path ids, query values and bodies from the operation's own schemas, then spoiled), with the auth it
// documents: no input may make the server answer 5xx. FUZZ_RUNS sets the cases per operation
// (default 30), FUZZ_SEED the seed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, TestUsers } from '../platform/users.js';
import {
  createLink,
  createPrice,
  createProduct,
  seedCurrency,
  startPaymentEnv,
  TEST_SECRET,
  type PaymentTestEnv,
} from '../payment/support.js';
import {
  mutatedBody,
  resolve,
  valueFor,
  type Doc,
  type JsonSchema,
  type KnownIds,
} from './schema-arbitrary.js';
import { platformOperations, type Auth, type Operation } from './platform-ops.js';

const PLATFORM_OPENAPI = '/.well-known/service/openapi.json';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

interface Case {
  auth: Auth;
  path: string;
  query: string;
  body: { mutation: string; text: string } | null;
  idem: string | null;
}

let env: PaymentTestEnv;
/** The payment, store and platform documents, each with the operations it describes. */
const docs: Doc[] = [];
const ids: KnownIds = {};
const cookies: Partial<Record<Auth, string>> = {};

beforeAll(async () => {
  env = await startPaymentEnv();
  const { currencyId, method } = await seedCurrency(env.test);
  const product = await createProduct(env.test);
  const price = await createPrice(env.test, currencyId, product, { unit_amount: '1000000' });
  const link = await createLink(env.test, { line_items: [{ price_id: price }] });
  const customer = await env.test('POST', '/customers', { body: { name: 'Fuzz', email: 'f@example.com' } });
  const session = await env.test('POST', '/checkout-sessions', {
    body: { line_items: [{ price_id: price }] },
  });
  Object.assign(ids, {
    pm: [String(method.id)],
    pc: [currencyId],
    prod: [product],
    price: [price],
    plink: [link],
    cus: [String(customer.body.id)],
    cs: [String(session.body.id)],
  });
  const users = new TestUsers(env.server.url);
  cookies.admin = cookieOf((await users.signInOwner()).browser);
  cookies.customer = cookieOf((await users.signInAs('guest', 'Fuzz Customer')).browser);
  const storeMount = env.server.server.services.config.STORE_MOUNT_POINT.replace(/\/$/, '');
  for (const path of ['/payment/api/openapi.json', `${storeMount}/api/openapi.json`, PLATFORM_OPENAPI]) {
    const res = await fetch(`${env.server.url}${path}`);
    expect(res.status, path).toBe(200);
    docs.push((await res.json()) as Doc);
  }
}, 120_000);
afterAll(() => env?.stop());

/** The id prefix a path parameter stands for, from the path segment before it. */
const SEGMENT_PREFIX: Record<string, string> = {
  products: 'prod',
  prices: 'price',
  'payment-methods': 'pm',
  'payment-currencies': 'pc',
  customers: 'cus',
  'payment-links': 'plink',
  'checkout-sessions': 'cs',
  retrieve: 'cs',
  start: 'plink',
  invoices: 'in',
  subscriptions: 'sub',
  'api-keys': 'key',
};

type Security = Array<Record<string, string[]>>;

/**
 * The auth an operation documents: secret key (or a customer, refused), a session (the owner), a
 * developer token (sent as a secret key: refused), or anyone.
 */
function authsFor(security: Security): Auth[] {
  const schemes = new Set(security.flatMap((s) => Object.keys(s)));
  const open = security.some((s) => Object.keys(s).length === 0);
  if (open) return ['customer', 'anonymous', 'admin'];
  if (schemes.has('secretKey')) return ['key', 'key', 'customer'];
  if (schemes.has('session')) return ['admin', 'customer'];
  return ['customer', 'anonymous', 'admin'];
}

/** Every operation of the served documents (paths made absolute), then the routes outside them. */
function operations(): Operation[] {
  const documented = new Set<string>();
  const ops = docs.flatMap((doc) => {
    const base = ((doc.servers as Array<{ url: string }> | undefined)?.[0]?.url ?? '').replace(/\/$/, '');
    const paths = (doc.paths ?? {}) as Record<string, Record<string, { security?: Security }>>;
    return Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]): Operation => {
        const content = (op as { requestBody?: { content?: Record<string, { schema: JsonSchema }> } })
          .requestBody?.content;
        documented.add(`${method.toUpperCase()} ${base}${path}`);
        return {
          method: method.toUpperCase(),
          path: `${base}${path}`,
          params: ((op as { parameters?: Operation['params'] }).parameters ?? []).map((p) => ({
            ...p,
            schema: resolve(doc, p.schema),
          })),
          body: content?.['application/json']?.schema ?? null,
          auths: authsFor(op.security ?? []),
          doc,
        };
      }),
    );
  });
  return ops.concat(platformOperations.filter((op) => !documented.has(`${op.method} ${op.path}`)));
}

/** The document an operation's `$ref`s resolve in (routes outside the documents use none). */
const docOf = (op: Operation): Doc => op.doc ?? docs[0] ?? {};

/** A path id: mostly a real one, else NUL (raw and %00), very long, unicode, bad escapes. */
function pathValue(prefix: string | undefined): fc.Arbitrary<string> {
  const real = prefix ? (ids[prefix] ?? []) : [];
  const encoded = (s: fc.Arbitrary<string>) => s.map((v) => encodeURIComponent(v));
  const spoiled = fc.oneof(
    fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%FF', '%', '%E0%A4%A', '..', '%2F', '%20', '0', '-1'),
    fc.constantFrom(...(real.length > 0 ? real : ['x'])).map((id) => `${id}%00`),
    fc.integer({ min: 257, max: 20_000 }).map((n) => 'a'.repeat(n)),
    encoded(fc.string({ unit: 'grapheme', maxLength: 30 })),
    fc.string({ unit: 'binary', maxLength: 30 }).chain((s) => {
      try {
        return fc.constant(encodeURIComponent(s));
      } catch {
        return fc.constant('%ED%B0%80');
      }
    }),
  );
  return real.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 2 }, spoiled) : spoiled;
}

/** The query string: values from the parameter schemas, spoiled now and then, plus unknown keys. */
function queryValue(op: Operation): fc.Arbitrary<string> {
  const query = op.params.filter((p) => p.in === 'query');
  const spoil = fc.constantFrom(
    '%00',
    'a%00',
    '%ED%A0%80',
    '%FF',
    '-1',
    '1.5',
    '1e999',
    '9'.repeat(90),
    'x'.repeat(5000),
    '',
  );
  const entry = (name: string, schema: JsonSchema) =>
    fc.oneof(
      valueFor(docOf(op), schema, ids).map(
        (v) => `${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`,
      ),
      spoil.map((v) => `${encodeURIComponent(name)}=${v}`),
      spoil.map((v) => `${encodeURIComponent(name)}[]=${v}&${encodeURIComponent(name)}=1`),
    );
  const entries = [
    ...query.map((p) => fc.option(entry(p.name, p.schema), { nil: null, freq: 2 })),
    fc.option(fc.constantFrom('livemode=false', 'expand=product', 'unknown%00=1', '%00=1', 'locale=zh'), {
      nil: null,
    }),
  ];
  return fc.tuple(...entries).map((parts) => parts.filter((p): p is string => p !== null).join('&'));
}

function caseFor(op: Operation): fc.Arbitrary<Case> {
  const segments = op.path.split('/');
  const pathParts = segments.map((seg, i) => {
    const m = /^\{(.+)\}$/.exec(seg);
    return m ? pathValue(SEGMENT_PREFIX[segments[i - 1] ?? '']) : fc.constant(seg);
  });
  const body = op.body ? mutatedBody(valueFor(docOf(op), op.body, ids)) : fc.constant(null);
  return fc.record({
    auth: fc.constantFrom(...op.auths),
    path: fc.tuple(...pathParts).map((parts) => parts.join('/')),
    query: queryValue(op),
    body: op.method === 'GET' ? fc.constant(null) : body,
    idem: fc.option(fc.uuid(), { nil: null }),
  });
}

/** The known crashers, for every operation: NUL in the path, 20,000-deep JSON with an Idempotency-Key. */
function fixedCases(op: Operation): Case[] {
  const withNul = op.path.replace(/\{[^}]+\}/g, 'x%00');
  const deep = '['.repeat(20_000) + ']'.repeat(20_000);
  const auth = op.auths[0] ?? 'key';
  return [
    { auth, path: withNul, query: 'q=%00', body: null, idem: null },
    {
      auth,
      path: op.path.replace(/\{[^}]+\}/g, 'x'),
      query: '',
      body: { mutation: 'deep', text: deep },
      idem: 'deep-1',
    },
    {
      auth,
      path: op.path.replace(/\{[^}]+\}/g, 'x'),
      query: '',
      body: { mutation: 'deep', text: `{"metadata":${deep.replace('[[', '[{"a":"\\u0000"},[')}}` },
      idem: null,
    },
  ];
}

let requests = 0;
const failures: string[] = [];
/** 5xx answers by operation and kind of input, for the summary. */
const kinds = new Map<string, number>();

async function send(op: Operation, c: Case): Promise<void> {
  const headers: Record<string, string> = { origin: env.server.url };
  if (c.auth === 'key') headers.authorization = `Bearer ${TEST_SECRET}`;
  const cookie = c.auth === 'admin' || c.auth === 'customer' ? cookies[c.auth] : undefined;
  if (cookie) headers.cookie = cookie;
  if (c.idem) headers['idempotency-key'] = c.idem;
  const hasBody = c.body !== null && op.method !== 'GET';
  if (hasBody) headers['content-type'] = 'application/json';
  const url = `${env.server.url}${c.path}${c.query ? `?${c.query}` : ''}`;
  requests++;
  const where = `${op.method} ${op.path} as ${c.auth}: ${url.slice(0, 160)} ${c.body?.mutation ?? ''} ${(c.body?.text ?? '').slice(0, 160)}`;
  try {
    const res = await fetch(url, {
      method: op.method,
      headers,
      body: hasBody ? c.body?.text : undefined,
      redirect: 'manual',
    });
    const text = await res.text();
    if (res.status >= 500) {
      failures.push(`${res.status} ${where} -> ${text.slice(0, 200)}`);
      const kind = `${op.method} ${op.path} ${c.body?.mutation ?? 'url'}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
  } catch (err) {
    failures.push(`no answer (${String(err)}) ${where}`);
  }
}

describe('fuzzing every operation of the payment, store and platform OpenAPI documents', () => {
  it('answers no generated malformed request with a 5xx', async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(60);
    const started = Date.now();
    for (const [i, op] of ops.entries()) {
      const cases = [...fixedCases(op), ...fc.sample(caseFor(op), { numRuns: RUNS, seed: SEED + i })];
      for (let k = 0; k < cases.length; k += 4) {
        await Promise.all(cases.slice(k, k + 4).map((c) => send(op, c)));
      }
    }
    const unique = [...new Set(failures)];
    for (const [kind, count] of kinds) console.log(`  5xx x${count}: ${kind}`);
    console.log(
      `fuzz: ${ops.length} operations, ${requests} requests, ${failures.length} answered 5xx or not at all ` +
        `(seed ${SEED}, ${RUNS} runs per operation, ${Math.round((Date.now() - started) / 1000)} s)`,
    );
    expect(unique.slice(0, 15)).toEqual([]);
  }, 600_000);
});
