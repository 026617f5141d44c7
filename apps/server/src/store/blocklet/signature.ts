import { toTypeInfo } from '@arcblock/did';
import { fromPublicKey } from '@ocap/wallet';

/** JSON with object keys sorted at every level, as `json-stable-stringify` writes it (what is signed). */
export function stableStringify(value: unknown): string | undefined {
  if (value !== null && typeof value === 'object' && 'toJSON' in value && typeof value.toJSON === 'function')
    return stableStringify((value as { toJSON(): unknown }).toJSON());
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => stableStringify(v) ?? 'null').join(',')}]`;
  const record = value as Record<string, unknown>;
  const parts = Object.keys(record)
    .sort()
    .flatMap((k) => {
      const v = stableStringify(record[k]);
      return v === undefined ? [] : [`${JSON.stringify(k)}:${v}`];
    });
  return `{${parts.join(',')}}`;
}

export interface MetaSignature {
  type: string;
  name: string;
  signer: string;
  pk: string;
  created: string;
  sig: string;
  excludes?: string[];
  appended?: string[];
}

function asSignature(v: unknown): MetaSignature | null {
  if (typeof v !== 'object' || v === null) return null;
  const s = v as Record<string, unknown>;
  const str = (k: string) =>
    typeof s[k] === 'string' && (s[k] as string).length > 0 && (s[k] as string).length < 512;
  if (!['type', 'name', 'signer', 'pk', 'created', 'sig'].every(str)) return null;
  // Delegated signatures (a store publishing for a developer) are not taken from uploads.
  if ('delegation' in s) return null;
  return s as unknown as MetaSignature;
}

function without(meta: Record<string, unknown>, fields: unknown): Record<string, unknown> {
  const drop = new Set(Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : []);
  return Object.fromEntries(Object.entries(meta).filter(([k]) => !drop.has(k)));
}

/**
 * The signatures of a blocklet meta, verified as `@blocklet/meta` verifyMultiSig verifies them: each
 * signer signed the stable JSON of the meta (less its `excludes`, and less the fields the previous
 * signer `appended`) with its own signature (without `sig`) followed by the later ones. Returns the
 * signatures when every one verifies, else null.
 */
export async function verifiedSignatures(meta: Record<string, unknown>): Promise<MetaSignature[] | null> {
  const { signatures: raw, ...rest } = meta;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 8) return null;
  const all = raw.map(asSignature);
  if (all.some((s) => s === null)) return null;
  const signatures = all as MetaSignature[];
  let previous: MetaSignature | null = null;
  for (let i = 0; i < signatures.length; i++) {
    const current = signatures[i] as MetaSignature;
    const { sig, ...unsigned } = current;
    let signed = previous?.appended ? without(rest, previous.appended) : rest;
    signed = without(signed, current.excludes);
    const message = stableStringify({ ...signed, signatures: [unsigned, ...signatures.slice(i + 1)] }) ?? '';
    try {
      const wallet = fromPublicKey(current.pk, toTypeInfo(current.signer));
      if (wallet.address !== current.signer) return null;
      if ((await wallet.verify(message, sig)) !== true) return null;
    } catch {
      return null;
    }
    previous = current;
  }
  return signatures;
}
