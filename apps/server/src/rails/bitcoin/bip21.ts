// BIP21 payment URIs (`bitcoin:<address>?amount=<BTC>`): what a wallet scans from the checkout QR code.
// The amount is written from satoshis with string arithmetic, never through a float.

const SATS_PER_BTC_DIGITS = 8;

/** Satoshis as a BTC decimal string without trailing zeros: 150000000n -> "1.5". */
export function btcOfSats(sats: bigint): string {
  if (sats < 0n) throw new RangeError('negative amount');
  const text = sats.toString().padStart(SATS_PER_BTC_DIGITS + 1, '0');
  const whole = text.slice(0, -SATS_PER_BTC_DIGITS);
  const fraction = text.slice(-SATS_PER_BTC_DIGITS).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A BTC decimal string as satoshis: "0.0001" -> 10000n; more than 8 decimals is refused. */
export function satsOfBtc(btc: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(btc);
  if (!match) throw new RangeError(`not a BTC amount: ${btc}`);
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 10n ** 8n + BigInt(fraction.padEnd(SATS_PER_BTC_DIGITS, '0'));
}

export function bip21Uri(address: string, sats: bigint, label?: string): string {
  const params = new URLSearchParams({ amount: btcOfSats(sats) });
  if (label) params.set('label', label);
  return `bitcoin:${address}?${params.toString()}`;
}

export function parseBip21(uri: string): { address: string; sats: bigint | null } {
  const match = /^bitcoin:([^?]+)(?:\?(.*))?$/i.exec(uri);
  if (!match?.[1]) throw new RangeError('not a bitcoin: URI');
  const amount = new URLSearchParams(match[2] ?? '').get('amount');
  return { address: match[1], sats: amount === null ? null : satsOfBtc(amount) };
}
