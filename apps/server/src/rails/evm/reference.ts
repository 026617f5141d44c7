// The per-payment reference of EVM transfers: 16 bytes appended to the transaction's call data, so a
// transfer counts only for the payment it was made for. ERC-20 contracts ignore call data past their
// arguments, and a native transfer to an account carries it as plain data.
import { concat, keccak256, toBytes, toHex, type Hex } from 'viem';

/** The first 16 bytes of keccak256("payshelf:" + reference), as 0x-prefixed hex. */
export function referenceTag(reference: string): Hex {
  return toHex(toBytes(keccak256(toBytes(`payshelf:${reference}`))).slice(0, 16));
}

/** Call data with the reference appended ('0x' becomes the bare tag). */
export function withReference(data: Hex, reference: string): Hex {
  return concat([data, referenceTag(reference)]);
}

/** Whether a transaction's call data ends with the reference's tag. */
export function carriesReference(input: string, reference: string): boolean {
  return input.toLowerCase().endsWith(referenceTag(reference).slice(2).toLowerCase());
}
