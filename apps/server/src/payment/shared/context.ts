import type { FastifyRequest } from 'fastify';
import type { Services } from '../../app.js';
import type { Db } from '../../db/database.js';
import type { OpenApiRegistry } from '../openapi/registry.js';

/** Who is calling and in which mode. */
export interface Caller {
  livemode: boolean;
  /** `key:<id>` for a secret key, `session:<did>` for a signed-in admin, `browser` otherwise. */
  actor: string;
  /** The signed-in user's DID, when a session identifies one. */
  did: string | null;
  idempotencyKey: string | null;
  /** Fields to expand (`expand[]`), e.g. ['product'] or ['data.product']. */
  expand: string[];
  /** Absolute origin for links handed out (PUBLIC_URL, else the request's). */
  base: string;
}

/** Resolves the signed-in user of a browser request (the identity module plugs in here). */
export type SessionResolver = (request: FastifyRequest) => Promise<{ did: string; role: string } | null>;

export interface PaymentContext {
  services: Services;
  db: Db;
  /** e.g. /payment */
  mount: string;
  openapi: OpenApiRegistry;
  resolveSession: SessionResolver;
  /** Absolute base URL (scheme + host) for links handed out, from PUBLIC_URL or the request. */
  publicBase(request: FastifyRequest): string;
}
