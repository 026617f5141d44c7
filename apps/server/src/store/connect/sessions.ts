import type { SessionUser } from '@payshelf/api';
import { sealHandoff } from '@payshelf/store-cli';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { storeConnectSessions } from '../../db/schema/index.js';
import { randomBase62 } from '../../payment/shared/ids.js';
import type { Db } from '../../db/database.js';
import { storeError } from '../errors.js';
import { createToken } from '../tokens/service.js';

/** A connect session lives 10 minutes; the CLI polls every 2 seconds. */
export const SESSION_TTL_SECONDS = 600;
export const POLL_INTERVAL_SECONDS = 2;
/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

type SessionRow = typeof storeConnectSessions.$inferSelect;

export function newCode(): string {
  return [...randomBytes(4)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** Starts a session for the CLI's X25519 public key; old expired sessions are swept on the way. */
export async function createSession(db: Db, publicKey: string): Promise<SessionRow> {
  await db
    .delete(storeConnectSessions)
    .where(lt(storeConnectSessions.expiresAt, sql`now() - interval '1 day'`));
  const [row] = await db
    .insert(storeConnectSessions)
    .values({
      id: `ccs_${randomBase62(32)}`,
      publicKey,
      code: newCode(),
      expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    })
    .returning();
  if (!row) throw new Error('connect session insert failed');
  return row;
}

/** What the page and the CLI may know of a session: unknown, expired or handed out all read as gone. */
export type SessionState = 'pending' | 'approved' | 'gone';

export function stateOf(row: SessionRow | undefined, now = new Date()): SessionState {
  if (!row || row.consumedAt !== null || row.expiresAt <= now) return 'gone';
  return row.status;
}

export async function readSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(storeConnectSessions).where(eq(storeConnectSessions.id, id));
  return row;
}

export type PollAnswer =
  { status: 'pending' } | { status: 'approved'; sealed: NonNullable<SessionRow['sealed']> } | null;

/**
 * The CLI's poll. The sealed token is handed out once: the first poll after approval marks the session
 * consumed and drops the box; later polls, unknown and expired sessions answer null (the route's 410/404).
 */
export async function pollSession(db: Db, id: string): Promise<PollAnswer> {
  const row = await readSession(db, id);
  const state = stateOf(row);
  if (state === 'gone' || !row) return null;
  if (state === 'pending') return { status: 'pending' };
  const [taken] = await db
    .update(storeConnectSessions)
    .set({ consumedAt: new Date(), sealed: null })
    .where(and(eq(storeConnectSessions.id, id), isNull(storeConnectSessions.consumedAt)))
    .returning({ id: storeConnectSessions.id });
  if (!taken || !row.sealed) return null;
  return { status: 'approved', sealed: row.sealed };
}

/**
 * A developer approved the session with the wallet: an access token is created for that developer
 * only, sealed to the CLI's key, and only the sealed box is kept. The row is locked so two approvals
 * cannot both issue a token; an approved, expired or unknown session is refused.
 */
export async function approveSession(db: Db, id: string, user: SessionUser): Promise<SessionRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(storeConnectSessions)
      .where(eq(storeConnectSessions.id, id))
      .for('update');
    const state = stateOf(row);
    if (state === 'gone' || !row) throw storeError('store_connect_session_invalid', {}, 410);
    if (state === 'approved') throw storeError('store_connect_session_used', {}, 409);
    // The handoff also carries a wallet credential for the blocklet CLI (`blocklet config set
    // accessToken <secretKey>` and `developerDid`), revoked with the same token.
    const token = await createToken(tx, user, 'connect-cli', { wallet: true });
    if (!token.secret || !token.walletSecretKey) throw new Error('token without its secret');
    const handoff = JSON.stringify({
      token: token.secret,
      did: user.did,
      ...(user.fullName ? { name: user.fullName } : {}),
      secretKey: token.walletSecretKey,
      developerDid: user.did,
    });
    const [updated] = await tx
      .update(storeConnectSessions)
      .set({
        status: 'approved',
        sealed: sealHandoff(row.publicKey, handoff),
        approvedBy: user.did,
        tokenId: token.id,
      })
      .where(eq(storeConnectSessions.id, id))
      .returning();
    if (!updated) throw new Error('connect session update failed');
    return updated;
  });
}
