// The store's route-table entries: the same shape as the payment table, with the store's own access.
import { z } from 'zod';
import { partRoute } from '../define.js';

/**
 * Who may call a store route. anyone: no caller needed (an object the caller may not see still answers
 * 404, by the store's visibility rule); signedIn: any signed-in user; developer: a signed-in user with
 * the developer passport; developerOrToken: the same, or a developer's access token (`Bearer pst_…`,
 * the CLI's reads and uploads); developerOrSigned: the same, or a `multipart/form-data` upload that
 * the handler authenticates by the blocklet meta's signatures (the blocklet CLI's wallet credential,
 * which travels in the body, not in a header); storeAdmin: the platform's owner or admin.
 */
export type StoreAccess =
  'anyone' | 'signedIn' | 'developer' | 'developerOrToken' | 'developerOrSigned' | 'storeAdmin';

/** Builds a store entry; `params` defaults to one string per `:name`, `query` and `body` to `{}`. */
export const storeRoute = partRoute<StoreAccess>();

/** Path parameters: a DID as stored (`z…`, a `did:abt:` prefix removed), a version, a file, an id. */
export const storeDidParams = z.object({
  did: z
    .string()
    .regex(/^(did:abt:)?z[1-9A-HJ-NP-Za-km-z]{20,64}$/, 'must be a DID such as z1…')
    .transform((v) => v.replace(/^did:abt:/, '')),
});
export const storeVersionParams = storeDidParams.extend({
  version: z.string().regex(/^[0-9A-Za-z.+-]{1,64}$/, 'must be a version such as 1.2.3'),
});
export const storeDownloadParams = storeVersionParams.extend({ file: z.string().min(1).max(200) });
/** A screenshot's position, 0 to 99. */
export const storeScreenshotParams = storeVersionParams.extend({
  index: z.string().regex(/^\d{1,2}$/, 'must be a number from 0 to 99'),
});
export const storeIdParams = z.object({ id: z.string().min(1).max(100) });

/** A file answer (bundle, image): the response schema is not rendered. */
export const fileAnswer = z.unknown();
