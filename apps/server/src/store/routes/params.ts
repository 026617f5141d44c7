import { z } from 'zod';

/** Path parameters: a DID as stored (`z…`, a `did:abt:` prefix removed) and a version. */
export const didParams = z.object({
  did: z
    .string()
    .regex(/^(did:abt:)?z[1-9A-HJ-NP-Za-km-z]{20,64}$/, 'must be a DID such as z1…')
    .transform((v) => v.replace(/^did:abt:/, '')),
});
export const versionParams = didParams.extend({
  version: z.string().regex(/^[0-9A-Za-z.+-]{1,64}$/, 'must be a version such as 1.2.3'),
});
export const downloadParams = versionParams.extend({ file: z.string().min(1).max(200) });
export const idParams = z.object({ id: z.string().min(1).max(100) });
