import { describe, expect, it } from 'vitest';
import type { Caller } from '../shared/context.js';
import type { DbLike } from '../shared/db.js';
import { mayRead, scopeOf } from './access.js';

// Kinds that never look up a customer need no database: any query would fail this test.
const noDb = new Proxy({} as DbLike, {
  get() {
    throw new Error('no query expected');
  },
});
const base = { livemode: false, idempotencyKey: null, expand: [], base: 'http://localhost' };

describe('scopeOf', () => {
  it('lets keys and owners/admins read every customer, an anonymous browser none', async () => {
    expect(await scopeOf(noDb, { ...base, kind: 'key', keyId: 'key_1', did: null })).toEqual({ all: true });
    expect(await scopeOf(noDb, { ...base, kind: 'admin', did: 'z1admin' })).toEqual({ all: true });
    const browser = await scopeOf(noDb, { ...base, kind: 'browser', did: 'z1someone' });
    expect(browser).toEqual({ all: false, customerId: null });
    expect(mayRead(browser, 'cus_1')).toBe(false);
  });

  it('refuses, at compile time and at run time, a caller kind it does not know', async () => {
    // @ts-expect-error -- 'robot' is no Caller kind: a new kind must be added to scopeOf's switch.
    const stranger: Caller = { ...base, kind: 'robot', did: null };
    await expect(scopeOf(noDb, stranger)).rejects.toThrow(/unhandled caller kind/);
  });
});
