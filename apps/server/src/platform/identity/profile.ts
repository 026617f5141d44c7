import { createHash } from 'node:crypto';
import { z } from 'zod';

export const MAX_AVATAR_BYTES = 512 * 1024;
const AVATAR_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export type Avatar =
  | { kind: 'image'; mimeType: string; data: Buffer; etag: string }
  | { kind: 'url'; url: string }
  | { kind: 'none' };

export interface Profile {
  fullName: string;
  email: string;
  avatar: Avatar;
}

const profileClaim = z.looseObject({
  type: z.literal('profile'),
  fullName: z.unknown().optional(),
  email: z.unknown().optional(),
  avatar: z.unknown().optional(),
});

const email = z.email().max(254);

function text(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  // Control characters have no place in a display name.
  return value
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, max);
}

/**
 * Reads the avatar a wallet sent: a base64 data URI of a raster image (kept, served from our origin)
 * or an https URL (remembered only: the avatar route answers the identicon for it, never redirecting to
 * or fetching an address a wallet chose). SVG is refused: served from our origin it could carry script.
 */
export function parseAvatar(value: unknown): Avatar {
  if (typeof value !== 'string' || value.length === 0) return { kind: 'none' };
  const data = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/i.exec(value);
  if (data) {
    const mimeType = (data[1] ?? '').toLowerCase();
    if (!AVATAR_TYPES.has(mimeType)) return { kind: 'none' };
    const bytes = Buffer.from(data[2] ?? '', 'base64');
    if (bytes.length === 0 || bytes.length > MAX_AVATAR_BYTES) return { kind: 'none' };
    const etag = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
    return { kind: 'image', mimeType, data: bytes, etag };
  }
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' && value.length <= 2048) return { kind: 'url', url: url.toString() };
  } catch {
    // not a URL
  }
  return { kind: 'none' };
}

/** The profile from the wallet's answers; missing or malformed fields become empty, never an error. */
export function profileFromClaims(claims: readonly unknown[]): Profile {
  const claim = claims.map((c) => profileClaim.safeParse(c)).find((r) => r.success)?.data;
  const fullName = text(claim?.fullName, 100);
  const rawEmail = text(claim?.email, 254).toLowerCase();
  return {
    fullName,
    email: email.safeParse(rawEmail).success ? rawEmail : '',
    avatar: parseAvatar(claim?.avatar),
  };
}
