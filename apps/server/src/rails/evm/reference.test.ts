import { encodeFunctionData, erc20Abi, keccak256, toBytes, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { carriesReference, referenceTag, withReference } from './reference.js';

describe('evm payment reference', () => {
  it('is the first 16 bytes of keccak256("payshelf:" + id)', () => {
    const tag = referenceTag('pi_abc');
    expect(tag).toBe(toHex(toBytes(keccak256(toBytes('payshelf:pi_abc'))).slice(0, 16)));
    expect(tag).toMatch(/^0x[0-9a-f]{32}$/);
  });

  it('is found only at the end of the call data it was appended to', () => {
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: ['0x0000000000000000000000000000000000000001', 5n],
    });
    const data = withReference(transfer, 'pi_a');
    expect(carriesReference(data, 'pi_a')).toBe(true);
    expect(carriesReference(data.toUpperCase().replace('0X', '0x'), 'pi_a')).toBe(true);
    expect(carriesReference(data, 'pi_b')).toBe(false);
    expect(carriesReference(transfer, 'pi_a')).toBe(false);
    expect(withReference('0x', 'pi_a')).toBe(referenceTag('pi_a'));
  });
});
