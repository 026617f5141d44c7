import type { SessionUser } from '@payshelf/api';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../app.js';
import type { Db } from '../../db/database.js';
import type { OpenApiRegistry } from '../openapi/registry.js';
import type { CatalogCache } from './catalog-cache.js';

/** Who is calling and in which mode. */
export interface Caller {
  livemode: boolean;
  /**
   * `key:<id>` for a secret key, `session:<did>` for a signed-in owner or admin, `customer:<did>` for
   * any other signed-in user on a `customer` route (limited to their own objects), `browser` otherwise.
   */
  actor: string;
  /** The signed-in user's DID, when a session identifies one. */
  did: string | null;
  idempotencyKey: string | null;
  /** Fields to expand (`expand[]`), e.g. ['product'] or ['data.product']. */
  expand: string[];
  /** Absolute origin for links handed out (PUBLIC_URL, else the request's). */
  base: string;
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
