// The rule for a transaction the server signed, committed and sent (a refund from the hot wallet, an
// allowance pull) whose nonce another transaction of the same signer used: it can never be mined, and
// re-sending its bytes fails forever ("nonce too low"). Only then (no node knows its hash and the
// signer's account has mined past its nonce: the rail's `sentStatus` answers `replaced`) is it signed
// again with a fresh nonce, under the row lock of what it pays, committed before it is sent, exactly as
// the first time. So the money moves at most once: the old transaction can no longer be mined, and
// while it can (pending, or not sent yet) the same bytes are sent again instead. A transaction is
// signed at most MAX_SIGNS times in all; then it fails with an error the operator sees.

/** How many times one transfer's transaction is signed before it is given up as failed. */
export const MAX_SIGNS = 3;

/** What to do with a transaction that lost its nonce, after `signed` signatures in all. */
export function replacementStep(signed: number): 'sign_again' | 'fail' {
  return signed < MAX_SIGNS ? 'sign_again' : 'fail';
}

/** The error recorded when a committed transaction lost its nonce. */
export function nonceLost(txRef: string | null, nonce: bigint): string {
  return `transaction ${txRef ?? ''} can never be mined: another transaction used nonce ${nonce}`;
}
