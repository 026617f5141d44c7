import type { SessionUser } from '@payshelf/api';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { Services } from '../services.js';
import type { StoreListCache } from './search/list-cache.js';
import type { BundleStorage } from './storage.js';

/** What every part of the store module shares. */
export interface StoreContext {
  services: Services;
  db: Db;
  storage: BundleStorage;
  /** The store's API prefix, e.g. '' (STORE_MOUNT_POINT '/') or '/store'. */
  mount: string;
  /** The signed-in user with fresh passports, or null (never from x-user-* headers: only the session cookie). */
  user(request: FastifyRequest): Promise<SessionUser | null>;
  /** A user by DID with fresh passports (an access token's owner). */
  userByDid(did: string): Promise<SessionUser | null>;
  /** The public list and search answers, cleared on every catalog change. */
  listCache: StoreListCache;
}

/** Store admins are the platform's owner and admin roles; no other passport (or organisation) counts. */
export function isStoreAdmin(user: SessionUser | null): boolean {
  return user !== null && user.passports.some((p) => p.role === 'owner' || p.role === 'admin');
}

/**
 * Who may publish (create access tokens, upload, connect the CLI): holders of a developer passport,
 * and the store admins (owner and admin roles), who run the store and need no invitation.
 */
export function canPublish(user: SessionUser | null): boolean {
  return user !== null && (isStoreAdmin(user) || user.passports.some((p) => p.role === 'developer'));
}

/** A transaction handle; the store's repo functions accept it or the pool-backed database alike. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbLike = Db | Tx;
