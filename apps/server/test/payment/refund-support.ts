import { erc20Abi, getAddress } from 'viem';
import type { TestChain } from '../support/chain.js';

/** The token transfers `from` (the hot wallet) made to `to`, as the chain has them: the refunds it sent. */
export async function transfersOnChain(chain: TestChain, token: string, from: string, to: string) {
  const logs = await chain.client.getContractEvents({
    address: getAddress(token),
    abi: erc20Abi,
    eventName: 'Transfer',
    args: { from: getAddress(from), to: getAddress(to) },
    fromBlock: 0n,
  });
  return logs.map((l) => ({ hash: l.transactionHash.toLowerCase(), amount: l.args.value }));
}
