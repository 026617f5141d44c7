// The allowance renewals are pulled from, on the web: its words ("allows up to X TUSD, about N
// months") and the approve the browser wallet sends, exactly as the server built it.
import type { AllowanceOffer, PaymentCurrency } from '@payshelf/api';
import type { TFunction } from 'i18next';
import { money } from '../logic/format';
import type { Eip1193Provider } from '../logic/ethereum';

/** "Allows up to 60 TUSD, about 12 months of this plan." in the reader's language. */
export function allowanceWords(
  t: TFunction,
  offer: Pick<AllowanceOffer, 'amount' | 'span'>,
  currency: Pick<PaymentCurrency, 'decimal' | 'symbol' | 'maximum_precision'>,
  locale: string,
): string {
  const amount = money(BigInt(offer.amount), currency, locale);
  return t(`payment.allowance.words_${offer.span.unit}`, { amount, count: offer.span.count });
}

/** The wallet's first shared account (asking for it when none is shared yet). */
export async function walletAccount(provider: Eip1193Provider): Promise<string> {
  const accounts = await provider.request({ method: 'eth_requestAccounts' });
  const from = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
  if (!from) throw new Error('The wallet shared no account');
  return from;
}

/** Sends the offer's approve from `from` (switching the chain when needed); answers the tx hash. */
export async function approveWithProvider(
  provider: Eip1193Provider,
  offer: Pick<AllowanceOffer, 'request'>,
  from: string,
): Promise<string> {
  const { request } = offer;
  if (!/^0x[0-9a-fA-F]{40}$/.test(request.to)) throw new Error('Invalid token address');
  const chain = await provider.request({ method: 'eth_chainId' });
  const wanted = `0x${request.chainId.toString(16)}`;
  if (typeof chain === 'string' && BigInt(chain) !== BigInt(wanted)) {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: wanted }] });
  }
  const hash = await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from, to: request.to, value: `0x${BigInt(request.value).toString(16)}`, data: request.data }],
  });
  if (typeof hash !== 'string') throw new Error('The wallet returned no transaction hash');
  return hash;
}
