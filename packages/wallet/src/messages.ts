import { z } from 'zod';

/** Every answer of the app is an envelope: the app's public key and a JWT signed with it. */
export const signedEnvelope = z.object({
  appPk: z.string().min(1),
  authInfo: z.string().min(1),
  agentPk: z.string().optional(),
});
export type SignedEnvelope = z.infer<typeof signedEnvelope>;

/** One claim the app asks for. Known types are answered by the wallet; the rest need an answerer. */
export const requestedClaim = z.looseObject({ type: z.string().min(1), description: z.string().optional() });
export type RequestedClaim = z.infer<typeof requestedClaim>;

const jwtTimes = {
  iss: z.string(),
  iat: z.string().optional(),
  exp: z.string().optional(),
};

/** The app asks for claims: answer them and post the result to `url` with `challenge` echoed. */
export const claimRequest = z.looseObject({
  ...jwtTimes,
  action: z.literal('responseAuth'),
  challenge: z.string().min(1),
  url: z.string().min(1),
  requestedClaims: z.array(requestedClaim).min(1),
  appInfo: z.looseObject({
    name: z.string(),
    description: z.string().optional(),
    icon: z.string().optional(),
  }),
});
export type ClaimRequest = z.infer<typeof claimRequest>;

/** The app's last word: the flow succeeded (`ok`) or failed with a message. */
export const finalResponse = z.looseObject({
  ...jwtTimes,
  status: z.enum(['ok', 'error']),
  errorMessage: z.string().default(''),
  successMessage: z.string().default(''),
  response: z.unknown().optional(),
});
export type FinalResponse = z.infer<typeof finalResponse>;
