import { z } from 'zod';

/** Roles a passport can carry. Owner comes from the first sign-in (or OWNER_DID), never from the API. */
export const passportRole = z.enum(['owner', 'admin', 'member', 'developer']);
export type PassportRole = z.infer<typeof passportRole>;

/** Roles an owner (or, for member and developer, an admin) grants and revokes through the API. */
export const grantableRole = z.enum(['admin', 'member', 'developer']);
export type GrantableRole = z.infer<typeof grantableRole>;

export const passport = z.object({
  id: z.string(),
  role: passportRole,
  /** ISO 8601 */
  issuedAt: z.string(),
  /** DID of who granted it; null for owner-by-first-sign-in. */
  issuedBy: z.string().nullable(),
});
export type Passport = z.infer<typeof passport>;

/** SPEC section 3 "Session user". `role` is the highest passport (owner > admin > member > developer), else guest. */
export const sessionUser = z.object({
  did: z.string(),
  role: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** URL of the avatar image, or '' when the wallet gave none. */
  avatar: z.string(),
  didSpace: z.object({ endpoint: z.string(), did: z.string() }).nullable(),
  passports: z.array(passport),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** Answer of `GET /api/session` and `POST /api/session/logout`. */
export const sessionResponse = z.object({
  initialized: z.literal(true),
  user: sessionUser.nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const member = sessionUser.extend({
  /** ISO 8601 */
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type Member = z.infer<typeof member>;

export const memberListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  role: z.union([passportRole, z.literal('guest')]).optional(),
  /** Matches DID, name or email (case-insensitive substring). */
  q: z.string().trim().max(100).optional(),
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

export const memberList = z.object({ list: z.array(member), count: z.number().int() });
export type MemberList = z.infer<typeof memberList>;

export const grantPassportBody = z.object({ role: grantableRole });
export type GrantPassportBody = z.infer<typeof grantPassportBody>;

/** DID Connect token states, as `/api/did/{action}/status` reports them. */
export const connectStatusValue = z.enum(['created', 'scanned', 'succeed', 'error', 'busy', 'forbidden']);
export type ConnectStatusValue = z.infer<typeof connectStatusValue>;

/** Answer of `GET|POST /api/did/{action}/token`: `url` is the deep link the QR code shows. */
export const connectToken = z.object({
  token: z.string(),
  status: connectStatusValue,
  url: z.string(),
  appInfo: z.object({
    name: z.string(),
    description: z.string(),
    icon: z.string(),
    link: z.string().optional(),
  }),
  /** How long the browser should wait for the wallet, in seconds. */
  expiresIn: z.number().int(),
  /** The test wallet can approve this request (test installs with DEV_WALLET=1 only). */
  devWallet: z.boolean(),
});
export type ConnectToken = z.infer<typeof connectToken>;

/** Answer of `GET /api/did/{action}/status?_t_=…` (only to the browser that created the token). */
export const connectStatus = z.object({
  token: z.string(),
  status: connectStatusValue,
  /** Why the flow failed, in the request's language (status `error` or `busy`). */
  error: z.string().optional(),
  /** The wallet's DID once it has answered. */
  did: z.string().optional(),
});
export type ConnectStatus = z.infer<typeof connectStatus>;

/** Answer of `POST /api/did/{action}/dev-approve`. */
export const devApproveResponse = z.object({ did: z.string(), status: z.literal('ok') });
