import { z } from 'zod';
import { blockletSummary } from './catalog.js';

/** A raw 32-byte X25519 (or Ed25519) public key in base64url without padding: 43 characters. */
export const rawPublicKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a raw 32-byte public key, base64url');

/** `POST /api/connect-cli/sessions`: the CLI's one-time X25519 public key. */
export const connectSessionCreate = z.object({ publicKey: rawPublicKey }).strict();

export const connectSessionId = z.object({ id: z.string().regex(/^ccs_[A-Za-z0-9]{32}$/) });

/** The CLI's answer when it starts a session (docs/store-cli.md "Connect-CLI"). */
export const connectSessionCreated = z.object({
  id: z.string(),
  url: z.string(),
  code: z.string(),
  pollInterval: z.number().int(),
  expiresIn: z.number().int(),
});
export type ConnectSessionCreated = z.infer<typeof connectSessionCreated>;

/** What the approval page shows: `approvedByYou` only for the signed-in developer who approved it. */
export const connectSessionInfo = z.object({
  code: z.string(),
  status: z.enum(['pending', 'approved']),
  expiresAt: z.string(),
  approvedByYou: z.boolean(),
});
export type ConnectSessionInfo = z.infer<typeof connectSessionInfo>;

/** A developer's public profile (`/profile?did=`): name, avatar and their published public apps. */
export const developerProfile = z.object({
  did: z.string(),
  fullName: z.string(),
  avatar: z.string(),
  /** Their applications anyone may see (published, public, not blocked), most downloaded first. */
  blocklets: z.array(blockletSummary),
});
export type DeveloperProfile = z.infer<typeof developerProfile>;
