import type {
  PaymentCurrencyCreate,
  PaymentCurrencyUpdate,
  PaymentMethodCreate,
  PaymentMethodSettings,
  PaymentMethodType,
  PaymentMethodUpdate,
} from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import type { Db } from '../../db/database.js';
import { definedOnly } from '../shared/expand.js';
import { newId } from '../shared/ids.js';
import {
  allMethods,
  clearBaseCurrency,
  getCurrency,
  getMethod,
  insertCurrency,
  insertMethod,
  updateCurrency,
  updateMethod,
  type CurrencyRow,
  type MethodRow,
} from './repo.js';

const FEATURES: Record<PaymentMethodType, { recurring: boolean; refund: boolean; dispute: boolean }> = {
  stripe: { recurring: true, refund: true, dispute: true },
  ethereum: { recurring: true, refund: true, dispute: false },
  base: { recurring: true, refund: true, dispute: false },
  arcblock: { recurring: true, refund: true, dispute: false },
  bitcoin: { recurring: false, refund: false, dispute: false },
};

const CONFIRMATION: Record<PaymentMethodType, { type: 'immediate' | 'callback' | 'block'; block?: number }> =
  {
    stripe: { type: 'callback' },
    ethereum: { type: 'block', block: 1 },
    base: { type: 'block', block: 1 },
    arcblock: { type: 'immediate' },
    bitcoin: { type: 'block', block: 1 },
  };

/** The settings object of a method must configure its own rail. */
function checkSettings(type: PaymentMethodType, settings: Record<string, unknown>): void {
  if (!settings[type]) {
    throw ApiError.of('method_settings_missing', { type }, { param: `settings.${type}` });
  }
}

/**
 * Secrets are write-only: an update that leaves them out (or sends the mask back) keeps the stored
 * (sealed) ones.
 */
function mergeSecrets(old: Record<string, unknown>, next: PaymentMethodSettings): Record<string, unknown> {
  const previous = old.stripe as Record<string, unknown> | undefined;
  if (!next.stripe || !previous) return next;
  const keep = (value: string | undefined, stored: unknown) =>
    value === undefined || value.includes('…') ? stored : value;
  return {
    ...next,
    stripe: {
      ...next.stripe,
      secret_key: keep(next.stripe.secret_key, previous.secret_key),
      webhook_signing_secret: keep(next.stripe.webhook_signing_secret, previous.webhook_signing_secret),
    },
  };
}

/** A method's settings as they are to be stored: its rail seals the secrets in them (bound to `id`). */
export type SettingsSeal = (method: {
  id: string;
  type: PaymentMethodType;
  livemode: boolean;
  settings: Record<string, unknown>;
}) => Record<string, unknown>;

/** What the method service asks of the rails: to seal settings, and (from the API) to check them. */
export interface MethodRails {
  seal: SettingsSeal;
  check?: MethodCheck;
}

/** A method's settings checked by its rail before they are stored: the problem, or null when it works. */
export type MethodCheck = (method: {
  id: string;
  type: PaymentMethodType;
  livemode: boolean;
  settings: Record<string, unknown>;
}) => Promise<string | null>;

async function checkWithRail(
  check: MethodCheck | undefined,
  method: Parameters<MethodCheck>[0],
): Promise<void> {
  const problem = check ? await check(method) : null;
  if (problem) throw ApiError.of('method_rail_problem', { problem }, { param: `settings.${method.type}` });
}

export async function createMethod(
  db: Db,
  livemode: boolean,
  input: PaymentMethodCreate,
  rails: MethodRails,
): Promise<MethodRow> {
  checkSettings(input.type, input.settings);
  await checkWithRail(rails.check, { id: 'new', type: input.type, livemode, settings: input.settings });
  const id = newId('pm');
  return insertMethod(db, {
    id,
    livemode,
    type: input.type,
    name: input.name,
    description: input.description ?? null,
    logo: input.logo ?? null,
    settings: rails.seal({ id, type: input.type, livemode, settings: input.settings }),
    features: input.features ?? FEATURES[input.type],
    confirmation: input.confirmation ?? CONFIRMATION[input.type],
    metadata: input.metadata ?? {},
    active: input.active ?? true,
  });
}

export async function requireMethod(
  db: Db,
  id: string,
  livemode: boolean,
  param?: string,
): Promise<MethodRow> {
  const row = await getMethod(db, id, livemode);
  if (!row) {
    throw ApiError.missing('payment_method_missing', id, param);
  }
  return row;
}

export async function changeMethod(
  db: Db,
  id: string,
  livemode: boolean,
  input: PaymentMethodUpdate,
  rails: MethodRails,
): Promise<MethodRow> {
  const existing = await requireMethod(db, id, livemode);
  const merged = input.settings ? mergeSecrets(existing.settings, input.settings) : undefined;
  if (merged) checkSettings(existing.type, merged);
  if (merged) await checkWithRail(rails.check, { id, type: existing.type, livemode, settings: merged });
  const settings = merged ? rails.seal({ id, type: existing.type, livemode, settings: merged }) : undefined;
  const row = await updateMethod(db, id, livemode, definedOnly({ ...input, settings }));
  if (!row) throw ApiError.of('resource_missing', {});
  return row;
}

export async function requireCurrency(
  db: Db,
  id: string,
  livemode: boolean,
  param?: string,
): Promise<CurrencyRow> {
  const row = await getCurrency(db, id, livemode);
  if (!row) {
    throw ApiError.missing('payment_currency_missing', id, param);
  }
  return row;
}

function checkPrecision(decimal: number, precision: number): void {
  if (precision > decimal) {
    throw ApiError.of('currency_precision', {}, { param: 'maximum_precision' });
  }
}

export async function createCurrency(
  db: Db,
  livemode: boolean,
  input: PaymentCurrencyCreate,
): Promise<CurrencyRow> {
  await requireMethod(db, input.payment_method_id, livemode, 'payment_method_id');
  const precision = Math.min(input.maximum_precision, input.decimal);
  checkPrecision(input.decimal, precision);
  return db.transaction(async (tx) => {
    if (input.is_base_currency) await clearBaseCurrency(tx, livemode);
    return insertCurrency(tx, {
      id: newId('pc'),
      livemode,
      paymentMethodId: input.payment_method_id,
      symbol: input.symbol,
      name: input.name,
      decimal: input.decimal,
      maximumPrecision: precision,
      logo: input.logo ?? null,
      contract: input.contract ?? null,
      type: input.type,
      minimumPaymentAmount: BigInt(input.minimum_payment_amount ?? '0'),
      maximumPaymentAmount: input.maximum_payment_amount ? BigInt(input.maximum_payment_amount) : null,
      isBaseCurrency: input.is_base_currency ?? false,
      metadata: input.metadata ?? {},
      active: input.active ?? true,
    });
  });
}

export async function changeCurrency(
  db: Db,
  id: string,
  livemode: boolean,
  input: PaymentCurrencyUpdate,
): Promise<CurrencyRow> {
  const existing = await requireCurrency(db, id, livemode);
  if (input.maximum_precision !== undefined) checkPrecision(existing.decimal, input.maximum_precision);
  return db.transaction(async (tx) => {
    if (input.is_base_currency) await clearBaseCurrency(tx, livemode);
    const row = await updateCurrency(
      tx,
      id,
      livemode,
      definedOnly({
        name: input.name,
        logo: input.logo,
        maximumPrecision: input.maximum_precision,
        minimumPaymentAmount:
          input.minimum_payment_amount === undefined ? undefined : BigInt(input.minimum_payment_amount),
        maximumPaymentAmount:
          input.maximum_payment_amount === undefined
            ? undefined
            : input.maximum_payment_amount === null
              ? null
              : BigInt(input.maximum_payment_amount),
        isBaseCurrency: input.is_base_currency,
        metadata: input.metadata,
        active: input.active,
      }),
    );
    if (!row) throw ApiError.of('resource_missing', {});
    return row;
  });
}

/**
 * Seals the secrets still stored as given (rows from before sealing): each method's settings pass its
 * rail's seal once; rows the seal leaves unchanged are not written. Answers how many rows it sealed.
 */
export async function sealStoredSecrets(db: Db, seal: SettingsSeal): Promise<number> {
  let sealed = 0;
  for (const row of await allMethods(db)) {
    const settings = seal({ id: row.id, type: row.type, livemode: row.livemode, settings: row.settings });
    if (JSON.stringify(settings) === JSON.stringify(row.settings)) continue;
    await updateMethod(db, row.id, row.livemode, { settings });
    sealed += 1;
  }
  return sealed;
}
