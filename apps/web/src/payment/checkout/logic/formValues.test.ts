import { beforeAll, describe, expect, it } from 'vitest';
import { addressMode, changesSavedDetails, initialValues, submitBody, type FormValues } from './formValues';
import { loadFormats } from './loadFormats';
import { isCompletedEvent } from './relay';
import { fakeSession } from './testFixtures';

// A form that collects a phone has loaded the phone rules before it submits.
beforeAll(async () => {
  await loadFormats();
});

const values: FormValues = {
  customer_name: ' Ada ',
  customer_email: 'ada@example.com ',
  customer_phone: '(213) 373-4253',
  phone_country: 'us',
  country: 'us',
  state: 'CA',
  line1: '1 Main St',
  line2: '',
  city: 'SF',
  postal_code: '94105',
};
const ids = { methodId: 'pm_1', currencyId: 'pc_1' };

describe('checkout form values', () => {
  it('builds the submit body with the phone in international form and the full address', () => {
    expect(submitBody(values, { phone: true, address: 'full', ...ids })).toEqual({
      customer_name: 'Ada',
      customer_email: 'ada@example.com',
      customer_phone: '+12133734253',
      payment_method: 'pm_1',
      payment_currency: 'pc_1',
      billing_address: { country: 'us', state: 'CA', line1: '1 Main St', city: 'SF', postal_code: '94105' },
    });
  });

  it('leaves out the phone and address when the session does not ask for them', () => {
    const body = submitBody(values, { phone: false, address: 'none', ...ids });
    expect(body.customer_phone).toBeUndefined();
    expect(body.billing_address).toBeUndefined();
  });

  it('asks the card provider for the postal code only, others for the full address when required', () => {
    const required = fakeSession({ billing_address_collection: 'required' });
    expect(addressMode(required, undefined)).toBe('full');
    expect(addressMode(fakeSession(), undefined)).toBe('none');
    const card = { type: 'stripe' } as Parameters<typeof addressMode>[1];
    expect(addressMode(fakeSession(), card)).toBe('postal');
  });

  it('prefills from customers/me and defaults the country to us', () => {
    const me = {
      name: 'Ada',
      email: 'ada@example.com',
      phone: null,
      address: { country: 'CN', city: 'Beijing' },
    };
    expect(initialValues(me, fakeSession())).toMatchObject({
      customer_name: 'Ada',
      country: 'cn',
      city: 'Beijing',
    });
    expect(initialValues(null, fakeSession({ customer_email: 'x@y.z' }))).toMatchObject({
      customer_email: 'x@y.z',
      country: 'us',
    });
  });
});

describe('relay event', () => {
  it('matches checkout.session.completed of this session only', () => {
    const event = (topic: string, name = 'checkout.session.completed') =>
      JSON.stringify({ type: 'event', topic, event: name, data: {} });
    expect(isCompletedEvent(event('checkout_session:cs_1'), 'cs_1')).toBe(true);
    expect(isCompletedEvent(event('checkout_session:cs_2'), 'cs_1')).toBe(false);
    expect(isCompletedEvent(event('checkout_session:cs_1', 'invoice.paid'), 'cs_1')).toBe(false);
    expect(isCompletedEvent('not json', 'cs_1')).toBe(false);
  });
});

describe('changesSavedDetails', () => {
  const body = submitBody(values, { phone: false, address: 'none', ...ids });
  it('is true only when a saved, non-empty detail differs from the form', () => {
    expect(changesSavedDetails(null, body)).toBe(false);
    expect(changesSavedDetails({ name: 'Ada', email: 'ADA@example.com' }, body)).toBe(false);
    expect(changesSavedDetails({ name: null, email: '' }, body)).toBe(false);
    expect(changesSavedDetails({ name: 'Grace', email: 'ada@example.com' }, body)).toBe(true);
    expect(changesSavedDetails({ name: 'Ada', email: 'grace@example.com' }, body)).toBe(true);
  });
  it('compares the address only when both have one', () => {
    const full = submitBody(values, { phone: false, address: 'full', ...ids });
    const saved = {
      name: 'Ada',
      email: 'ada@example.com',
      address: {
        country: 'us',
        state: 'CA',
        line1: '1 Main St',
        line2: null,
        city: 'SF',
        postal_code: '94105',
      },
    };
    expect(changesSavedDetails(saved, full)).toBe(false);
    expect(changesSavedDetails({ ...saved, address: { ...saved.address, city: 'LA' } }, full)).toBe(true);
    expect(changesSavedDetails({ ...saved, address: { ...saved.address, city: 'LA' } }, body)).toBe(false);
  });
});
