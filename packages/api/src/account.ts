import { z } from 'zod';
import { storableText } from './bounds.js';
import { sessionUser } from './identity.js';

/** One signed-in browser of the current user (`GET /api/user/account`). */
export const accountSession = z.object({
  id: z.string(),
  /** ISO 8601 */
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  /** The browser asking. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

/** The user centre's data: who I am and where I am signed in. */
export const accountResponse = z.object({
  user: sessionUser,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  sessions: z.array(accountSession),
});
export type AccountResponse = z.infer<typeof accountResponse>;

/** `PUT /api/user/profile`: the name and email shown to merchants and on invoices. */
export const updateProfileBody = z.object({
  fullName: storableText(80)
    .transform((s) => s.replace(/\p{Cc}/gu, '').trim())
    .pipe(z.string().min(1).max(80)),
  email: z.union([z.literal(''), z.email().max(254)]),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const accountSessionParams = z.object({ id: z.string().regex(/^ses_[a-f0-9]{24}$/) });

/** `GET /api/host/domain`: the address links outside the browser use, and where it comes from. */
export const domainSettings = z.object({
  /** The public URL in effect now (PUBLIC_URL or the saved setting at start), else null. */
  publicUrl: z.string().nullable(),
  source: z.enum(['env', 'setting', 'request']),
  /** The saved setting, applied at the next start when PUBLIC_URL is not set. */
  savedUrl: z.string().nullable(),
});
export type DomainSettings = z.infer<typeof domainSettings>;

export const updateDomainBody = z.object({
  publicUrl: z.union([
    z.literal(''),
    z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .refine((u) => {
        // zod's URL check is looser than the URL parser: what the parser refuses is not an origin either.
        if (!URL.canParse(u)) return false;
        const url = new URL(u);
        return (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
      }, 'Give the origin only: scheme, host and port'),
  ]),
});
