// The platform's route-table entries (identity, account, navigation, notifications): paths are
// absolute (`/api/session`), access is the platform's own.
import { z } from 'zod';
import { partRoute } from '../define.js';

/** anyone: no caller needed; signedIn: any signed-in user (401 otherwise); admin: an owner or admin (403 for others). */
export type PlatformAccess = 'anyone' | 'signedIn' | 'admin';

/** Builds a platform entry; `params` defaults to one string per `:name`, `query` and `body` to `{}`. */
export const platformRoute = partRoute<PlatformAccess>();

/** A DID path parameter: the bare address (`z1…`); a `did:abt:` prefix is accepted and removed. */
export const platformDid = z
  .string()
  .regex(/^(did:abt:)?z[1-9A-HJ-NP-Za-km-z]{20,64}$/, 'must be an ABT DID')
  .transform((v) => v.replace(/^did:abt:/, ''));
export const platformMemberParams = z.object({ did: platformDid });
export const platformPassportParams = z.object({
  did: platformDid,
  passportId: z.string().regex(/^pp_[a-f0-9]{24}$/),
});
