import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  isNull,
  ne,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { passports, sessions, userAvatars, users } from '../../db/schema/index.js';
import type { PassportRole } from '@payshelf/api';
import type { Avatar, Profile } from './profile.js';

export type UserRow = typeof users.$inferSelect & { avatarEtag: string | null };
export type PassportRow = typeof passports.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Q = Db | Tx;

/** Every statement about users, passports and sessions; rules live in the service. */
export class IdentityRepo {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Serialises owner bootstrapping across processes for the rest of the transaction. */
  async lockOwnership(tx: Tx): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7261914101)`);
  }

  /** Records a sign-in; fields the wallet left empty keep their previous value. */
  async upsertUser(q: Q, did: string, pk: string, profile: Profile): Promise<void> {
    const avatarUrl = profile.avatar.kind === 'url' ? profile.avatar.url : null;
    await q
      .insert(users)
      .values({
        did,
        pk,
        fullName: profile.fullName,
        email: profile.email,
        avatarUrl,
        lastLoginAt: new Date(),
      })
      .onConflictDoUpdate({
        target: users.did,
        set: {
          pk,
          fullName: sql`CASE WHEN excluded.full_name <> '' THEN excluded.full_name ELSE ${users.fullName} END`,
          email: sql`CASE WHEN excluded.email <> '' THEN excluded.email ELSE ${users.email} END`,
          avatarUrl: profile.avatar.kind === 'none' ? sql`${users.avatarUrl}` : avatarUrl,
          updatedAt: new Date(),
          lastLoginAt: new Date(),
        },
      });
    await this.saveAvatar(q, did, profile.avatar);
  }

  private async saveAvatar(q: Q, did: string, avatar: Avatar): Promise<void> {
    if (avatar.kind === 'url') await q.delete(userAvatars).where(eq(userAvatars.did, did));
    if (avatar.kind !== 'image') return;
    const row = {
      did,
      mimeType: avatar.mimeType,
      data: avatar.data,
      etag: avatar.etag,
      updatedAt: new Date(),
    };
    await q.insert(userAvatars).values(row).onConflictDoUpdate({ target: userAvatars.did, set: row });
  }

  async findUser(q: Q, did: string): Promise<UserRow | null> {
    const rows = await q
      .select({ user: users, avatarEtag: userAvatars.etag })
      .from(users)
      .leftJoin(userAvatars, eq(userAvatars.did, users.did))
      .where(eq(users.did, did));
    const row = rows[0];
    return row ? { ...row.user, avatarEtag: row.avatarEtag } : null;
  }

  async avatar(did: string) {
    const rows = await this.db.select().from(userAvatars).where(eq(userAvatars.did, did));
    return rows[0] ?? null;
  }

  async activePassports(q: Q, dids: string[]): Promise<PassportRow[]> {
    if (dids.length === 0) return [];
    return q
      .select()
      .from(passports)
      .where(and(inArray(passports.userDid, dids), isNull(passports.revokedAt)))
      .orderBy(asc(passports.issuedAt));
  }

  async anyActiveOwner(q: Q): Promise<boolean> {
    const rows = await q
      .select({ id: passports.id })
      .from(passports)
      .where(and(eq(passports.role, 'owner'), isNull(passports.revokedAt)))
      .limit(1);
    return rows.length > 0;
  }

  /** Grants `role` unless the user already holds it; returns the active passport either way. */
  async grant(
    q: Q,
    id: string,
    userDid: string,
    role: PassportRole,
    issuedBy: string | null,
  ): Promise<PassportRow> {
    await q.insert(passports).values({ id, userDid, role, issuedBy }).onConflictDoNothing();
    const rows = await q
      .select()
      .from(passports)
      .where(and(eq(passports.userDid, userDid), eq(passports.role, role), isNull(passports.revokedAt)));
    const row = rows[0];
    if (!row) throw new Error('passport vanished after grant');
    return row;
  }

  async findPassport(id: string): Promise<PassportRow | null> {
    const rows = await this.db.select().from(passports).where(eq(passports.id, id));
    return rows[0] ?? null;
  }

  async revoke(id: string, revokedBy: string): Promise<boolean> {
    const rows = await this.db
      .update(passports)
      .set({ revokedAt: new Date(), revokedBy })
      .where(and(eq(passports.id, id), isNull(passports.revokedAt)))
      .returning({ id: passports.id });
    return rows.length > 0;
  }

  async listUsers(filter: { role?: PassportRole | 'guest'; q?: string }, page: number, pageSize: number) {
    const conditions: SQL[] = [];
    const activeOf = (role?: PassportRole) =>
      this.db
        .select({ one: sql`1` })
        .from(passports)
        .where(
          and(
            eq(passports.userDid, users.did),
            isNull(passports.revokedAt),
            role ? eq(passports.role, role) : undefined,
          ),
        );
    if (filter.role === 'guest') conditions.push(notExists(activeOf()));
    else if (filter.role) conditions.push(exists(activeOf(filter.role)));
    if (filter.q) {
      const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const match = or(
        ilike(users.did, pattern),
        ilike(users.fullName, pattern),
        ilike(users.email, pattern),
      );
      if (match) conditions.push(match);
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    const rows = await this.db
      .select({ user: users, avatarEtag: userAvatars.etag })
      .from(users)
      .leftJoin(userAvatars, eq(userAvatars.did, users.did))
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.did))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows: rows.map((r) => ({ ...r.user, avatarEtag: r.avatarEtag })), count: total?.n ?? 0 };
  }

  async insertSession(row: typeof sessions.$inferInsert): Promise<void> {
    await this.db.insert(sessions).values(row);
  }

  /** The live session with this token hash: not revoked, not idle too long, not past its hard limit. */
  async liveSession(tokenHash: string) {
    const now = new Date();
    const rows = await this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.maxExpiresAt, now),
        ),
      );
    return rows[0] ?? null;
  }

  /** Slides the idle expiry forward, never past the hard limit. */
  async touchSession(id: string, idleSeconds: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({
        lastUsedAt: new Date(),
        expiresAt: sql`LEAST(now() + make_interval(secs => ${idleSeconds}), ${sessions.maxExpiresAt})`,
      })
      .where(eq(sessions.id, id));
  }

  /** The user's sessions that can still be used, most recently used first. */
  async liveSessionsOf(did: string) {
    const now = new Date();
    return this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userDid, did),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.maxExpiresAt, now),
        ),
      )
      .orderBy(desc(sessions.lastUsedAt))
      .limit(100);
  }

  /** Revokes the user's own sessions: one (`only`) or all but one (`except`). Answers how many. */
  async revokeSessionsOf(did: string, which: { only: string } | { except: string }): Promise<number> {
    const target = 'only' in which ? eq(sessions.id, which.only) : ne(sessions.id, which.except);
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userDid, did), isNull(sessions.revokedAt), target))
      .returning({ id: sessions.id });
    return rows.length;
  }

  async updateProfile(did: string, profile: { fullName: string; email: string }): Promise<void> {
    await this.db
      .update(users)
      .set({ ...profile, updatedAt: new Date() })
      .where(eq(users.did, did));
  }

  async revokeSession(id: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
  }

  /** Deletes what nobody can use any more: finished or expired QR tokens, long-dead sessions. */
  async prune(): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM did_connect_tokens WHERE expires_at < now() - interval '1 hour' OR consumed_at < now() - interval '1 hour'`,
    );
    await this.db.execute(
      sql`DELETE FROM sessions WHERE LEAST(expires_at, max_expires_at) < now() - interval '30 days' OR revoked_at < now() - interval '30 days'`,
    );
  }
}
