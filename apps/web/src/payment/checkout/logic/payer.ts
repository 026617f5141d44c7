// Fast pay may pull only from an account the signed-in customer proved they control. The browser
// wallet's shared account is offered as payer once proved: the server hands out a challenge, the
// wallet signs it (personal_sign), the server checks it. Signed out, refused or failed: no payer, and
// the customer pays with the wallet as usual.
import type { CheckoutApi } from './api';
import { sharedAccount, signText, type Eip1193Provider } from './ethereum';

type PayerApi = Pick<CheckoutApi, 'payerChallenge' | 'payerProof'>;

/** The shared account when this customer proved it (asking the wallet to sign once), else undefined. */
export async function provedPayer(
  api: PayerApi,
  sessionId: string,
  paymentMethod: string,
  provider: Eip1193Provider | null,
): Promise<string | undefined> {
  const account = await sharedAccount(provider);
  if (!account || !provider) return undefined;
  try {
    const asked = await api.payerChallenge(sessionId, paymentMethod, account);
    if (asked.proved) return account;
    if (!asked.challenge) return undefined;
    const signature = await signText(provider, account, asked.challenge.message);
    await api.payerProof(sessionId, paymentMethod, asked.challenge.id, signature);
    return account;
  } catch {
    return undefined;
  }
}
