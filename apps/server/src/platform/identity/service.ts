import { randomBytes } from 'node:crypto';
import type {
  AccountResponse,
  Member,
  MemberList,
  MemberListQuery,
  Passport,
  PassportRole,
  SessionUser,
  UpdateProfileBody,
} from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import type { RealtimeBus } from '../../core/realtime/bus.js';
import { hashSecret, newSecret } from './connect/secrets.js';
import type { Profile } from './profile.js';
import type { IdentityRepo, PassportRow, UserRow } from './repo.js';
import { canManagePassport, primaryRole } from './roles.js';

export const AVATAR_PATH = '/.well-known/service/user/avatar';
/** Realtime topic on which a user's own sockets hear that their passports changed. */
export const userTopic = (did: string) => `identity:user:${did}`;

export interface SessionContext {
  sessionId: string;
  user: SessionUser;
}

export interface IdentitySettings {
  ownerDid: string | undefined;
  idleSeconds: number;
  maxSeconds: number;
}

function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function toPassport(p: PassportRow): Passport {
  return { id: p.id, role: p.role, issuedAt: p.issuedAt.toISOString(), issuedBy: p.issuedBy };
}

/** Users, passports and sessions: who someone is, what they may do, and which browsers are signed in. */
export class IdentityService {
  constructor(
    private readonly repo: IdentityRepo,
    private readonly settings: IdentitySettings,
    private readonly bus: Pick<RealtimeBus, 'publish'>,
  ) {}

  /**
   * Records a wallet's sign-in. On a fresh install the first DID becomes owner, unless OWNER_DID names
   * who does; an advisory lock makes "first" hold when several processes sign people in at once.
   */
  async signIn(did: string, pk: string, profile: Profile): Promise<{ becameOwner: boolean }> {
    return this.repo.transaction(async (tx) => {
      await this.repo.upsertUser(tx, did, pk, profile);
      await this.repo.lockOwnership(tx);
      const { ownerDid } = this.settings;
      const deserves = ownerDid ? ownerDid === did : !(await this.repo.anyActiveOwner(tx));
      if (!deserves) return { becameOwner: false };
      const held = await this.repo.activePassports(tx, [did]);
      if (held.some((p) => p.role === 'owner')) return { becameOwner: false };
      await this.repo.grant(tx, randomId('pp'), did, 'owner', null);
      return { becameOwner: true };
    });
  }

  /** Opens a session; the caller puts the returned token in a cookie. Only its hash is stored. */
  async createSession(did: string, meta: { userAgent: string; ip: string }) {
    const token = newSecret();
    const now = Date.now();
    const { idleSeconds, maxSeconds } = this.settings;
    const maxExpiresAt = new Date(now + maxSeconds * 1000);
    await this.repo.insertSession({
      id: randomId('ses'),
      tokenHash: hashSecret(token),
      userDid: did,
      expiresAt: new Date(Math.min(now + idleSeconds * 1000, maxExpiresAt.getTime())),
      maxExpiresAt,
      userAgent: meta.userAgent.slice(0, 300),
      ip: meta.ip.slice(0, 64),
    });
    return { token, maxAgeSeconds: maxSeconds };
  }

  /**
   * The session behind a cookie token, with the user's current passports (read fresh every time, so
   * a grant or revoke applies to the very next request). Use extends the idle expiry, written at
   * most once a minute per session.
   */
  async resolveSession(token: string): Promise<SessionContext | null> {
    const session = await this.repo.liveSession(hashSecret(token));
    if (!session) return null;
    const user = await this.sessionUser(session.userDid);
    if (!user) return null;
    const { idleSeconds } = this.settings;
    const extendedAgo = Date.now() - session.lastUsedAt.getTime();
    if (extendedAgo > Math.min(60_000, (idleSeconds * 1000) / 10)) {
      await this.repo.touchSession(session.id, idleSeconds);
    }
    return { sessionId: session.id, user };
  }

  revokeSession(id: string): Promise<void> {
    return this.repo.revokeSession(id);
  }

  /** The user centre: the user, and every browser they are signed in on (`current` marks the asking one). */
  async account(did: string, currentSessionId: string): Promise<AccountResponse> {
    const user = await this.repo.findUser(this.repo.db, did);
    const sessionUser = await this.sessionUser(did);
    if (!user || !sessionUser) throw ApiError.of('unauthenticated', {});
    const live = await this.repo.liveSessionsOf(did);
    return {
      user: sessionUser,
      createdAt: user.createdAt.toISOString(),
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      sessions: live.map((s) => ({
        id: s.id,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastUsedAt.toISOString(),
        expiresAt: new Date(Math.min(s.expiresAt.getTime(), s.maxExpiresAt.getTime())).toISOString(),
        userAgent: s.userAgent,
        ip: s.ip,
        current: s.id === currentSessionId,
      })),
    };
  }

  /** Name and email as the user sets them; a wallet that shares a profile at sign-in replaces them. */
  async updateProfile(did: string, profile: UpdateProfileBody): Promise<SessionUser> {
    await this.repo.updateProfile(did, profile);
    await this.announce(did);
    const user = await this.sessionUser(did);
    if (!user) throw ApiError.of('unauthenticated', {});
    return user;
  }

  /** Signs out one of the user's own browsers; someone else's session is "not found". */
  async revokeOwnSession(did: string, sessionId: string): Promise<void> {
    if ((await this.repo.revokeSessionsOf(did, { only: sessionId })) === 0) {
      throw ApiError.of('identity_session_missing', {});
    }
  }

  /** Signs out every browser of the user but the asking one; answers how many were signed out. */
  revokeOtherSessions(did: string, currentSessionId: string): Promise<number> {
    return this.repo.revokeSessionsOf(did, { except: currentSessionId });
  }

  async sessionUser(did: string): Promise<SessionUser | null> {
    const user = await this.repo.findUser(this.repo.db, did);
    if (!user) return null;
    return this.toSessionUser(user, await this.repo.activePassports(this.repo.db, [did]));
  }

  async listMembers(query: MemberListQuery): Promise<MemberList> {
    const { rows, count } = await this.repo.listUsers(
      { ...(query.role ? { role: query.role } : {}), ...(query.q ? { q: query.q } : {}) },
      query.page,
      query.pageSize,
    );
    const all = await this.repo.activePassports(
      this.repo.db,
      rows.map((r) => r.did),
    );
    const list: Member[] = rows.map((row) => ({
      ...this.toSessionUser(
        row,
        all.filter((p) => p.userDid === row.did),
      ),
      createdAt: row.createdAt.toISOString(),
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    }));
    return { list, count };
  }

  async grantPassport(actor: SessionUser, targetDid: string, role: PassportRole): Promise<Passport> {
    this.assertMayManage(actor, role);
    if (!(await this.repo.findUser(this.repo.db, targetDid))) {
      throw ApiError.of('identity_user_missing', {});
    }
    const passport = await this.repo.grant(this.repo.db, randomId('pp'), targetDid, role, actor.did);
    await this.announce(targetDid);
    return toPassport(passport);
  }

  async revokePassport(actor: SessionUser, targetDid: string, passportId: string): Promise<void> {
    const passport = await this.repo.findPassport(passportId);
    if (!passport || passport.userDid !== targetDid || passport.revokedAt) {
      throw ApiError.of('identity_passport_missing', {});
    }
    this.assertMayManage(actor, passport.role);
    if (await this.repo.revoke(passportId, actor.did)) await this.announce(targetDid);
  }

  avatar(did: string) {
    return this.repo.avatar(did);
  }

  private assertMayManage(actor: SessionUser, role: PassportRole): void {
    const roles = actor.passports.map((p) => p.role);
    if (!canManagePassport(roles, role)) {
      throw role === 'owner'
        ? ApiError.of('identity_owner_passport', {})
        : ApiError.of('identity_role_not_managed', { role });
    }
  }

  /** Tells the user's open pages to reload their session (their role just changed). */
  private async announce(did: string): Promise<void> {
    await this.bus.publish(userTopic(did), 'session.changed', { did });
  }

  private toSessionUser(user: UserRow, held: PassportRow[]): SessionUser {
    const passports = held.map(toPassport);
    const hasAvatar = user.avatarEtag !== null || user.avatarUrl !== null;
    const version = user.avatarEtag ? `?v=${user.avatarEtag}` : '';
    return {
      did: user.did,
      role: primaryRole(passports.map((p) => p.role)),
      fullName: user.fullName,
      email: user.email,
      avatar: hasAvatar ? `${AVATAR_PATH}/${user.did}${version}` : '',
      didSpace: null,
      passports,
    };
  }
}
