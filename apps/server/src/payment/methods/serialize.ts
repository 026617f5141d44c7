import type { PaymentCurrency, PaymentMethod, PaymentMethodSettings } from '@payshelf/api';
import { iso } from '../shared/time.js';
import type { CurrencyRow, MethodRow } from './repo.js';

const SECRET_FIELDS = ['secret_key', 'webhook_signing_secret'] as const;

function mask(secret: string): string {
  const cut = secret.lastIndexOf('_');
  return `${cut > 0 && cut < 12 ? secret.slice(0, cut + 1) : ''}…${secret.slice(-4)}`;
}

/** A stored secret's mask: the hint sealed beside it, else (a row from before sealing) one made now. */
function masked(value: unknown): string | null {
  if (typeof value === 'string') return mask(value);
  if (typeof value === 'object' && value !== null) {
    const hint = (value as Record<string, unknown>).hint;
    return typeof hint === 'string' ? hint : '…';
  }
  return null;
}

/**
 * Settings as shown to anyone: secrets (stored sealed, with a masked hint) are masked; the browser
 * never sees them at all.
 */
export function publicSettings(settings: Record<string, unknown>, browser: boolean): PaymentMethodSettings {
  const copy: Record<string, unknown> = structuredClone(settings);
  const stripe = copy.stripe;
  if (stripe && typeof stripe === 'object') {
    const kept = Object.entries(stripe as Record<string, unknown>).flatMap(([field, value]) => {
      if (!(SECRET_FIELDS as readonly string[]).includes(field)) return [[field, value]];
      const shown = masked(value);
      return browser || shown === null ? [] : [[field, shown]];
    });
    copy.stripe = Object.fromEntries(kept);
  }
  return copy as PaymentMethodSettings;
}

export function serializeCurrency(row: CurrencyRow): PaymentCurrency {
  return {
    id: row.id,
    object: 'payment_currency',
    livemode: row.livemode,
    active: row.active,
    payment_method_id: row.paymentMethodId,
    symbol: row.symbol,
    name: row.name,
    decimal: row.decimal,
    maximum_precision: row.maximumPrecision,
    logo: row.logo,
    contract: row.contract,
    type: row.type,
    minimum_payment_amount: row.minimumPaymentAmount.toString(),
    maximum_payment_amount: row.maximumPaymentAmount === null ? null : row.maximumPaymentAmount.toString(),
    is_base_currency: row.isBaseCurrency,
    metadata: row.metadata as PaymentCurrency['metadata'],
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function serializeMethod(row: MethodRow, currencies?: CurrencyRow[], browser = false): PaymentMethod {
  return {
    id: row.id,
    object: 'payment_method',
    livemode: row.livemode,
    active: row.active,
    type: row.type,
    name: row.name,
    description: row.description,
    logo: row.logo,
    settings: publicSettings(row.settings, browser),
    features: row.features,
    confirmation: row.confirmation,
    metadata: row.metadata as PaymentMethod['metadata'],
    ...(currencies ? { payment_currencies: currencies.map(serializeCurrency) } : {}),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
