import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { chainWrite } from './chain-writes.js';
import { createdToken, ourToken } from './fresh-token.js';

export type TokenRecord = Record<string, unknown> & { token: string; status: string };

/**
 * The token store did-connect-js wants (an EventEmitter with create/read/update/delete/exist that emits
 * `create`, `update` and `destroy`), kept in PostgreSQL so every process sees the same state and a
 * restart loses nothing. One instance per action: a token made for one action is invisible to another.
 *
 * Beyond the library's interface: a token expires (`ttlSeconds` after creation), can be bound to the
 * browser that created it, and is consumed once when that browser is signed in; an expired or consumed
 * token reads as missing.
 */
export class PgTokenStorage extends EventEmitter {
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    readonly action: string,
    readonly ttlSeconds: number,
  ) {
    super();
  }

  /** Stops touching the database (the library deletes finished tokens on timers that outlive us). */
  close(): void {
    this.closed = true;
  }

  async create(libraryToken: string, status = 'created'): Promise<TokenRecord> {
    const token = createdToken(libraryToken);
    const record: TokenRecord = { token, status };
    await this.pool.query(
      `INSERT INTO did_connect_tokens (token, action, record, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [token, this.action, JSON.stringify(record), this.ttlSeconds],
    );
    this.emit('create', record);
    return record;
  }

  async read(asked: string): Promise<TokenRecord | null> {
    if (typeof asked !== 'string' || asked.length === 0) return null;
    const token = ourToken(asked);
    const r = await this.pool.query<{ record: TokenRecord }>(
      `SELECT record FROM did_connect_tokens
       WHERE token = $1 AND action = $2 AND expires_at > now() AND consumed_at IS NULL`,
      [token, this.action],
    );
    return r.rows[0]?.record ?? null;
  }

  /** Merges `updates` into the record in one statement, so concurrent updates never lose each other's keys. */
  update(asked: string, updates: Record<string, unknown>): Promise<TokenRecord | null> {
    return chainWrite(this.merge(asked, updates));
  }

  private async merge(asked: string, updates: Record<string, unknown>): Promise<TokenRecord | null> {
    const token = ourToken(asked);
    const { token: _ignored, ...rest } = updates;
    const r = await this.pool.query<{ record: TokenRecord }>(
      `UPDATE did_connect_tokens SET record = record || $3::jsonb
       WHERE token = $1 AND action = $2 AND expires_at > now() AND consumed_at IS NULL
       RETURNING record`,
      [token, this.action, JSON.stringify(rest)],
    );
    const merged = r.rows[0]?.record ?? null;
    if (merged) this.emit('update', merged);
    return merged;
  }

  async delete(asked: string): Promise<void> {
    if (this.closed) return;
    const token = ourToken(asked);
    const r = await this.pool.query(`DELETE FROM did_connect_tokens WHERE token = $1 AND action = $2`, [
      token,
      this.action,
    ]);
    if (r.rowCount) this.emit('destroy', token);
  }

  async exist(token: string, did?: string): Promise<boolean> {
    const record = await this.read(token);
    if (!record) return false;
    return did ? record.did === did : true;
  }

  /** Ties the token to a browser: only a request carrying the secret whose hash this is may see its outcome. */
  async bind(token: string, bindingHash: string): Promise<void> {
    await this.pool.query(
      `UPDATE did_connect_tokens SET binding_hash = $3 WHERE token = $1 AND action = $2`,
      [token, this.action, bindingHash],
    );
  }

  async bindingOf(token: string): Promise<string | null> {
    const r = await this.pool.query<{ binding_hash: string | null }>(
      `SELECT binding_hash FROM did_connect_tokens
       WHERE token = $1 AND action = $2 AND expires_at > now() AND consumed_at IS NULL`,
      [token, this.action],
    );
    return r.rows[0]?.binding_hash ?? null;
  }

  /**
   * Marks a succeeded token used. Exactly one caller gets `true`, whatever the number of processes
   * polling; afterwards the token reads as missing.
   */
  async consume(token: string): Promise<boolean> {
    const r = await this.pool.query(
      `UPDATE did_connect_tokens SET consumed_at = now()
       WHERE token = $1 AND action = $2 AND consumed_at IS NULL AND expires_at > now()
         AND record->>'status' = 'succeed'`,
      [token, this.action],
    );
    return r.rowCount === 1;
  }
}
