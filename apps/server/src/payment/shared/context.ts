import type { SessionUser } from '@payshelf/api';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../services.js';
import type { Db } from '../../db/database.js';
import type { OpenApiRegistry } from '../openapi/index.js';
import type { CatalogCache } from './catalog-cache.js';

interface CallerBase {
  livemode: boolean;
  idempotencyKey: string | null;
  /** Fields to expand (`expand[]`), e.g. ['product'] or ['data.product']. */
  expand: string[];
  /** Absolute origin for links handed out (PUBLIC_URL, else the request's). */
  base: string;
}

/**
 * Who is calling, and in which mode. `key`: a secret key (its mode is the key's); `admin`: a signed-in
 * owner or admin (the admin UI, mode from `livemode`); `customer`: any other signed-in user on a
 * customer route, limited to their own objects; `browser`: anyone on a browser route, signed in or not.
 * Code that decides access switches on `kind` exhaustively (see `assertNever`), so a new kind cannot
 * fall through to a default that grants everything.
 */
export type Caller = CallerBase &
  (
    | { kind: 'key'; keyId: string; did: null }
    | { kind: 'admin'; did: string }
    | { kind: 'customer'; did: string }
    | { kind: 'browser'; did: string | null }
  );

export type CallerKind = Caller['kind'];

/** Compile-time exhaustiveness: a switch over `Caller['kind']` that misses a case fails to type-check. */
export function assertNever(value: never): never {
  throw new Error(`unhandled caller kind: ${JSON.stringify(value)}`);
}

/** Stable text naming the caller, stored with idempotency claims and created keys. */
export function actorOf(caller: Caller): string {
  switch (caller.kind) {
    case 'key':
      return `key:${caller.keyId}`;
    case 'admin':
      return `session:${caller.did}`;
    case 'customer':
      return `customer:${caller.did}`;
    case 'browser':
      return 'browser';
    default:
      return assertNever(caller);
  }
}

/** Signed-in users, from the identity module (or nobody, when it is not registered). */
export interface Sessions {
  user(request: FastifyRequest): Promise<SessionUser | null>;
  /** The signed-in owner or admin: 401 for a guest, 403 for anyone else (and for other origins). */
  requireAdmin(request: FastifyRequest): Promise<SessionUser>;
  /** Whether the user holds an owner or admin passport. */
  isAdmin(user: SessionUser): boolean;
}

export interface PaymentContext {
  services: Services;
  db: Db;
  /** Products, prices, links, methods and keys in memory, cleared on every committed change. */
  catalog: CatalogCache;
  /** e.g. /payment */
  mount: string;
  openapi: OpenApiRegistry;
  sessions: Sessions;
  /** Absolute base URL (scheme + host) for links handed out, from PUBLIC_URL or the request. */
  publicBase(request: FastifyRequest): string;
}
