// The one adapter to an injected EIP-1193 wallet (`window.ethereum`), and the transaction an EVM payment
// target asks for, sent exactly as the server built it: a native transfer or an ERC-20 `transfer`, its
// call data ending with the payment's reference (without it the transfer would not count).
import type { EvmPaymentTarget } from './api';

export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

function isProvider(value: unknown): value is Eip1193Provider {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function'
  );
}

/** The injected provider, or null when the browser has no wallet. */
export function injectedProvider(scope: object = globalThis): Eip1193Provider | null {
  const candidate: unknown = (scope as { ethereum?: unknown }).ethereum;
  return isProvider(candidate) ? candidate : null;
}

export interface TransactionRequest {
  from: string;
  to: string;
  value: string;
  data?: string;
}

/** eth_sendTransaction parameters that pay `target` from `from` (amounts in hex quantities). */
export function paymentTransaction(target: EvmPaymentTarget, from: string): TransactionRequest {
  const { request } = target;
  if (!/^0x[0-9a-fA-F]{40}$/.test(request.to)) throw new Error('Invalid recipient address');
  return {
    from,
    to: request.to,
    value: `0x${BigInt(request.value).toString(16)}`,
    ...(request.data !== '0x' ? { data: request.data } : {}),
  };
}

/** Asks the wallet for an account, switches to the chain, sends the payment; answers the tx hash. */
export async function payWithProvider(provider: Eip1193Provider, target: EvmPaymentTarget): Promise<string> {
  const accounts = await provider.request({ method: 'eth_requestAccounts' });
  const from = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
  if (!from) throw new Error('The wallet shared no account');
  const chain = await provider.request({ method: 'eth_chainId' });
  const wanted = `0x${target.chainId.toString(16)}`;
  if (typeof chain === 'string' && BigInt(chain) !== BigInt(wanted)) {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: wanted }] });
  }
  const hash = await provider.request({
    method: 'eth_sendTransaction',
    params: [paymentTransaction(target, from)],
  });
  if (typeof hash !== 'string') throw new Error('The wallet returned no transaction hash');
  return hash;
}

/** The account the injected wallet already shares (no prompt), or undefined. */
export async function sharedAccount(provider: Eip1193Provider | null): Promise<string | undefined> {
  if (!provider) return undefined;
  try {
    const accounts = await provider.request({ method: 'eth_accounts' });
    const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
    return typeof first === 'string' && /^0x[0-9a-fA-F]{40}$/.test(first) ? first : undefined;
  } catch {
    return undefined;
  }
}

/** Hex of a text's UTF-8 bytes (personal_sign takes the message as hex). */
export function utf8Hex(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Asks the wallet to sign `message` with `account` (EIP-191 personal_sign); answers the signature. */
export async function signText(provider: Eip1193Provider, account: string, message: string): Promise<string> {
  const signature = await provider.request({ method: 'personal_sign', params: [utf8Hex(message), account] });
  if (typeof signature !== 'string') throw new Error('The wallet returned no signature');
  return signature;
}
