import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { toSql } from './publish.js';

describe('toSql', () => {
  const dialect = new PgDialect();

  it('keeps the text and binds $n placeholders to their values, in order of appearance', () => {
    const query = dialect.sqlToQuery(toSql('SELECT pg_notify($1, $2)', ['channel', '{"a":1}']));
    expect(query.sql).toBe('SELECT pg_notify($1, $2)');
    expect(query.params).toEqual(['channel', '{"a":1}']);
  });

  it('handles repeated, out-of-order and two-digit placeholders', () => {
    const values = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
    const query = dialect.sqlToQuery(toSql('SELECT $2, $1, $10, $2', values));
    expect(query.params).toEqual(['v2', 'v1', 'v10', 'v2']);
    expect(query.sql).toBe('SELECT $1, $2, $3, $4');
  });
});
