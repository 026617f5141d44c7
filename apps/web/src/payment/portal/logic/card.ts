// The card that paid a card payment: the rail records its brand and last four digits in the payment's
// `payment_details` (`card_brand`, `card_last4`); pages show them as "Visa ending in 4242".

export interface PaidCard {
  /** Stripe's brand id: visa, mastercard, amex, discover, diners, jcb, unionpay or unknown. */
  brand: string;
  last4: string;
}

/** Brand ids with a display name in the i18n files (`payment.card.brands.<id>`). */
export const KNOWN_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The card of a payment's details, or null when no card paid it (or the details say too little). */
export function cardOf(details: unknown): PaidCard | null {
  if (!isRecord(details)) return null;
  const brand = details.card_brand;
  const last4 = details.card_last4;
  if (typeof last4 !== 'string' || !/^\d{4}$/.test(last4)) return null;
  return { brand: typeof brand === 'string' && brand !== '' ? brand.toLowerCase() : 'unknown', last4 };
}

type KnownBrand = (typeof KNOWN_BRANDS)[number];
const isKnown = (brand: string): brand is KnownBrand => (KNOWN_BRANDS as readonly string[]).includes(brand);

/** The i18n key of a brand's name; a brand without one is shown as "Card". */
export function brandKey(brand: string): `payment.card.brands.${KnownBrand | 'unknown'}` {
  return `payment.card.brands.${isKnown(brand) ? brand : 'unknown'}`;
}
