// A payer's standing for a payment: native or token balance, and the allowance the spender holds.
import { erc20Abi, getAddress } from 'viem';
import type { FundsCheck, RailAsset } from '../types.js';
import type { EvmRailCore } from './core.js';

export async function checkFunds(
  core: EvmRailCore,
  payer: string,
  asset: RailAsset,
  amount: bigint,
): Promise<FundsCheck> {
  const owner = getAddress(payer);
  if (!asset.contract) {
    const balance = await core.client.getBalance({ address: owner });
    return { balance, allowance: null, balanceSufficient: balance >= amount, delegationSufficient: false };
  }
  const token = getAddress(asset.contract);
  const [balance, allowance] = await Promise.all([
    core.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    core.client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [owner, getAddress(await core.spender())],
    }),
  ]);
  return {
    balance,
    allowance,
    balanceSufficient: balance >= amount,
    delegationSufficient: allowance >= amount && balance >= amount,
  };
}
