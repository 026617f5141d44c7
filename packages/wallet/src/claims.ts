import { fromBase58, toBase58 } from '@ocap/util';
import type { WalletObject } from '@ocap/wallet';
import type { WalletProfile } from './keyfile.js';
import type { RequestedClaim } from './messages.js';

export interface ClaimContext {
  wallet: WalletObject;
  profile: WalletProfile;
  /** The app's auth URL (for answerers that want to know who is asking). */
  appUrl: URL;
}

/** An answered claim: the request echoed back with the wallet's answer fields added. */
export type ClaimAnswer = RequestedClaim & Record<string, unknown>;
export type ClaimAnswerer = (claim: RequestedClaim, ctx: ClaimContext) => Promise<ClaimAnswer>;

const PROFILE_FIELDS = ['fullName', 'email', 'avatar', 'phone', 'url', 'birthday'] as const;

function stringField(claim: RequestedClaim, key: string): string {
  const v = claim[key];
  return typeof v === 'string' ? v : '';
}

/** The answerers a wallet has without being told more: principal, profile and message signatures. */
export const defaultAnswerers: Record<string, ClaimAnswerer> = {
  async authPrincipal(claim, { wallet }) {
    return { ...claim, userDid: wallet.address, userPk: toBase58(wallet.publicKey) };
  },
  async profile(claim, { wallet, profile }) {
    const asked = Array.isArray(claim.items)
      ? claim.items.filter((x) => typeof x === 'string')
      : ['fullName'];
    const answer: ClaimAnswer = { ...claim };
    for (const field of asked) {
      if (field === 'did') answer.did = wallet.address;
      else if ((PROFILE_FIELDS as readonly string[]).includes(field)) {
        answer[field] = profile[field as keyof WalletProfile] ?? '';
      }
    }
    return answer;
  },
  /**
   * Signs what the app sent: a `digest` is signed as is; an `origin` (base58 bytes) is hashed with the
   * wallet's hash first unless `method` is `none`. The signature goes back base58-encoded in `sig`.
   */
  async signature(claim, { wallet }) {
    const digest = stringField(claim, 'digest');
    const origin = stringField(claim, 'origin');
    if (!digest && !origin) throw new Error('signature claim has neither digest nor origin');
    const sig = digest
      ? await wallet.sign(fromBase58(digest), false)
      : await wallet.sign(fromBase58(origin), stringField(claim, 'method') !== 'none');
    return { ...claim, sig: toBase58(sig) };
  },
};
