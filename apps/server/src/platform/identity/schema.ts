import { z } from 'zod';

/** A DID path parameter: the bare address (`z1…`); a `did:abt:` prefix is accepted and removed. */
export const didParam = z
  .string()
  .regex(/^(did:abt:)?z[1-9A-HJ-NP-Za-km-z]{20,64}$/, 'must be an ABT DID')
  .transform((v) => v.replace(/^did:abt:/, ''));

export const memberParams = z.object({ did: didParam });
export const passportParams = z.object({ did: didParam, passportId: z.string().regex(/^pp_[a-f0-9]{24}$/) });
