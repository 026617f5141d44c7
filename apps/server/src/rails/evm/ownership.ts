// Proof that a customer controls an EVM account: an EIP-191 personal_sign of a server challenge
// (checked locally with viem's verifyMessage, no chain call), or the sender recovered from a
// transaction their own wallet signed.
import {
  getAddress,
  isAddress,
  parseTransaction,
  recoverTransactionAddress,
  verifyMessage,
  type Hex,
  type TransactionSerialized,
} from 'viem';

/** The account's checksummed address when `signature` is its personal_sign of `message`, else null. */
export async function verifyEvmOwnership(
  address: string,
  message: string,
  signature: string,
): Promise<string | null> {
  if (!isAddress(address, { strict: false }) || !/^0x[0-9a-fA-F]+$/.test(signature)) return null;
  const account = getAddress(address);
  try {
    return (await verifyMessage({ address: account, message, signature: signature as Hex })) ? account : null;
  } catch {
    return null;
  }
}

/** The checksummed sender of a signed (serialized) transaction, or null when it is not one. */
export async function evmSignerOf(signed: string): Promise<string | null> {
  if (!/^0x[0-9a-fA-F]+$/.test(signed)) return null;
  try {
    const raw = signed as TransactionSerialized;
    parseTransaction(raw);
    return getAddress(await recoverTransactionAddress({ serializedTransaction: raw }));
  } catch {
    return null;
  }
}
