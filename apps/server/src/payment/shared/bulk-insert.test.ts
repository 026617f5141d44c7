import { bigint, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { recordsetOf, rowsOf } from './bulk-insert.js';

const things = pgTable('things', {
  id: text().primaryKey(),
  displayName: text(),
  amount: numeric({ precision: 78, scale: 0, mode: 'bigint' }).notNull(),
  blockNumber: bigint({ mode: 'bigint' }),
  data: jsonb().$type<Record<string, unknown>>(),
  createdAt: timestamp({ withTimezone: true }),
});

describe('recordsetOf', () => {
  it('names only the columns some row sets, by their database names, and writes driver values', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const { names, json } = recordsetOf(things, [
      { id: 'a', amount: 12n, blockNumber: 7n, createdAt: at, data: { n: 1 } },
      { id: 'b', amount: 2n ** 200n, displayName: null },
    ]);
    expect(names).toBe('"id", "display_name", "amount", "block_number", "data", "created_at"');
    expect(JSON.parse(json)).toEqual([
      {
        id: 'a',
        display_name: null,
        amount: '12',
        block_number: '7',
        data: { n: 1 },
        created_at: things.createdAt.mapToDriverValue(at),
      },
      {
        id: 'b',
        display_name: null,
        amount: (2n ** 200n).toString(),
        block_number: null,
        data: null,
        created_at: null,
      },
    ]);
  });

  it('writes a bigint inside a JSON column as decimal text', () => {
    const { json } = recordsetOf(things, [{ id: 'a', amount: 1n, data: { big: 5n } }]);
    expect(JSON.parse(json)).toEqual([{ id: 'a', amount: '1', data: { big: '5' } }]);
  });
});

describe('rowsOf', () => {
  it('maps database names and driver values back to the table row', () => {
    const [row] = rowsOf(things, [
      {
        id: 'a',
        display_name: 'A',
        amount: '99',
        block_number: '3',
        data: { x: 1 },
        created_at: '2026-01-02 03:04:05.678+00',
      },
    ]);
    expect(row).toEqual({
      id: 'a',
      displayName: 'A',
      amount: 99n,
      blockNumber: 3n,
      data: { x: 1 },
      createdAt: new Date('2026-01-02T03:04:05.678Z'),
    });
  });
});
