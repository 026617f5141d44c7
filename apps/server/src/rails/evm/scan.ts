// Finding transfers to the merchant that name a waiting payment (its reference tag) when nobody posted
// their hash: token transfers by their Transfer logs (native transfers: scan-native.ts).
import { erc20Abi, getAddress } from 'viem';
import type { EvmRailCore } from './core.js';
import { carriesReference } from './reference.js';

export interface FoundTransfer {
  txRef: string;
  reference: string;
}

export async function findTransfersFor(
  core: EvmRailCore,
  token: string,
  references: readonly string[],
  lookbackBlocks: number,
): Promise<FoundTransfer[]> {
  if (references.length === 0) return [];
  await core.checkChain();
  const head = await core.client.getBlockNumber({ cacheTime: 0 });
  const back = BigInt(lookbackBlocks);
  const logs = await core.client.getContractEvents({
    address: getAddress(token),
    abi: erc20Abi,
    eventName: 'Transfer',
    args: { to: getAddress(await core.merchant()) },
    fromBlock: head > back ? head - back : 0n,
    toBlock: head,
  });
  const found: FoundTransfer[] = [];
  for (const hash of new Set(logs.map((l) => l.transactionHash))) {
    const sent = await core.client.getTransaction({ hash });
    const reference = references.find((r) => carriesReference(sent.input, r));
    if (reference) found.push({ txRef: hash.toLowerCase(), reference });
  }
  return found;
}
