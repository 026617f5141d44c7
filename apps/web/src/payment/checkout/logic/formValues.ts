// The checkout form's values, what the session asks for, and the submit body built from them.
import type { PaymentMethod } from '@payshelf/api';
import type { Customer } from '@payshelf/api';
import type { CheckoutSessionData, SubmitBody } from './api';

/** What prefill reads of the signed-in user's saved details (the `customers/me` answer has these). */
export type SavedDetails = Partial<Pick<Customer, 'name' | 'email' | 'phone' | 'address'>>;
import { loadedFormats } from './loadFormats';
import { billingCountry } from './validation';

export interface FormValues {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  phone_country: string;
  country: string;
  state: string;
  line1: string;
  line2: string;
  city: string;
  postal_code: string;
}

/** full: line1, city, state, postal code and country; postal: the card provider's postal code only. */
export type AddressMode = 'full' | 'postal' | 'none';

export function addressMode(session: CheckoutSessionData, method: PaymentMethod | undefined): AddressMode {
  if (method?.type === 'stripe') return 'postal';
  return session.billing_address_collection === 'required' ? 'full' : 'none';
}

export function initialValues(me: SavedDetails | null, session: CheckoutSessionData): FormValues {
  const address = me?.address ?? null;
  const country = billingCountry(address?.country);
  return {
    customer_name: me?.name ?? '',
    customer_email: me?.email ?? session.customer_email ?? '',
    customer_phone: me?.phone ?? '',
    phone_country: country,
    country,
    state: address?.state ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    postal_code: address?.postal_code ?? '',
  };
}

export function submitBody(
  values: FormValues,
  options: { phone: boolean; address: AddressMode; methodId: string; currencyId: string; payer?: string },
): SubmitBody {
  const body: SubmitBody = {
    customer_name: values.customer_name.trim(),
    customer_email: values.customer_email.trim(),
    payment_method: options.methodId,
    payment_currency: options.currencyId,
  };
  if (options.phone) {
    // The phone rules are loaded: the form validated the phone field (with them) before submitting.
    const formats = loadedFormats();
    body.customer_phone =
      formats?.normalizePhone(values.customer_phone, values.phone_country) ?? values.customer_phone.trim();
  }
  if (options.address !== 'none') {
    const full = options.address === 'full';
    body.billing_address = {
      country: values.country,
      state: full ? values.state.trim() : '',
      line1: full ? values.line1.trim() : '',
      city: full ? values.city.trim() : '',
      postal_code: values.postal_code.trim(),
      ...(full && values.line2.trim() ? { line2: values.line2.trim() } : {}),
    };
  }
  if (options.payer) body.payer = options.payer;
  return body;
}

const ADDRESS_KEYS = ['country', 'state', 'line1', 'line2', 'city', 'postal_code'] as const;

/**
 * Whether submitting `body` would change details the signed-in customer saved (a saved field that is
 * set and differs). The server keeps saved details unless asked to replace them, so the page asks first.
 */
export function changesSavedDetails(saved: SavedDetails | null, body: SubmitBody): boolean {
  if (!saved) return false;
  const differs = (kept: string | null | undefined, typed: string | undefined) =>
    !!kept && typed !== undefined && kept.trim().toLowerCase() !== typed.trim().toLowerCase();
  if (differs(saved.name, body.customer_name) || differs(saved.email, body.customer_email)) return true;
  if (differs(saved.phone, body.customer_phone)) return true;
  const address = saved.address;
  const typed = body.billing_address;
  if (!address || !typed) return false;
  return ADDRESS_KEYS.some((key) => differs(address[key], typed[key]));
}
