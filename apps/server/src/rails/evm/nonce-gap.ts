// A committed hot-wallet transaction whose nonce is above what the chain takes next (the chain was reset
// or forgot blocks since the nonce was handed out, or an earlier committed transaction was never sent)
// would wait in the node's pool forever, and be mined whenever the account reached its nonce. Before
// such bytes are sent, every nonce below theirs that the chain still waits for is used by a zero-value
// transfer from the hot wallet to itself, so the chain takes the committed bytes at once. The money still
// moves once: the committed bytes are sent, never signed again here. A committed transaction that held
// one of the filled nonces is then refused as `replaced` and signed again (intents/collect.ts).
import { parseTransaction, recoverTransactionAddress, type Hex, type TransactionSerialized } from 'viem';
import type { EvmRailCore } from './core.js';

/** Fills the hot wallet's nonces below `raw`'s that the chain still waits for; other signers: nothing. */
export async function fillNonceGap(core: EvmRailCore, raw: Hex, hash: Hex): Promise<void> {
  const { nonce } = parseTransaction(raw);
  if (nonce === undefined) return;
  const signer = await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized });
  const wallet = await core.hotWallet();
  if (signer.toLowerCase() !== wallet.account.address.toLowerCase()) return;
  const pending = await core.client.getTransactionCount({ address: signer, blockTag: 'pending' });
  if (nonce <= pending) return;
  if (
    await core.client.getTransaction({ hash }).then(
      () => true,
      () => false,
    )
  )
    return;
  core.deps.log.warn(
    { signer, from: pending, to: nonce - 1, hash },
    'evm: filling a nonce gap below a committed transaction',
  );
  for (let gap = pending; gap < nonce; gap += 1) {
    try {
      await core.send('nonce gap filler', async () => {
        const request = await wallet.prepareTransactionRequest({ to: signer, value: 0n, nonce: gap });
        const filler = await wallet.signTransaction(request);
        return core.client.sendRawTransaction({ serializedTransaction: filler });
      });
    } catch (err) {
      // Another transaction (a concurrent filler, a pull sent meanwhile) took this nonce: that fills it too.
      core.deps.log.debug({ err: err instanceof Error ? err.message : String(err), nonce: gap }, 'filler');
    }
  }
}
