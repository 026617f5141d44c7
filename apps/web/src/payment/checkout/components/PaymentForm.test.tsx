// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { resources } from '../../../app/i18n/resources';
import { createI18n } from '../../../platform/i18n/createI18n';
import type { FormValues } from '../logic/formValues';
import { PaymentForm } from './PaymentForm';

afterEach(cleanup);

const empty: FormValues = {
  customer_name: '',
  customer_email: '',
  customer_phone: '',
  phone_country: 'us',
  country: 'us',
  state: '',
  line1: '',
  line2: '',
  city: '',
  postal_code: '',
};

type FormProps = {
  busy?: boolean;
  payable?: boolean;
  initial?: FormValues;
  phone?: boolean;
  offerSave?: boolean;
  locale?: 'en' | 'zh';
};
const i18n = createI18n('en', resources);
const i18nZh = createI18n('zh', resources);
const queryClient = new QueryClient();

function form(props: FormProps, onPay: () => void) {
  return (
    <AppProviders i18n={props.locale === 'zh' ? i18nZh : i18n} queryClient={queryClient}>
      <PaymentForm
        initial={props.initial ?? empty}
        rules={{}}
        phone={props.phone ?? false}
        address="none"
        purpose="For your receipt"
        locale="en"
        busy={props.busy ?? false}
        payable={props.payable ?? true}
        label="Pay"
        currencyCards={null}
        offerSave={props.offerSave}
        onPay={onPay}
      />
    </AppProviders>
  );
}

function renderForm(props: FormProps) {
  const onPay = vi.fn();
  render(form(props, onPay));
  return onPay;
}

const filled = { ...empty, customer_name: 'Ada', customer_email: 'ada@example.com' };

describe('PaymentForm', () => {
  it('keeps the labels above values prefilled after the form opened (customers/me)', async () => {
    const onPay = vi.fn();
    const labels = () =>
      [...document.querySelectorAll('label')]
        .filter((l) => ['Name', 'Email'].some((text) => l.textContent?.startsWith(text)))
        .map((l) => l.getAttribute('data-shrink'));
    const { rerender } = render(form({ initial: empty }, onPay));
    expect(labels()).toEqual(['false', 'false']);
    rerender(form({ initial: filled }, onPay));
    await waitFor(() => expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe('Ada'));
    expect(labels()).toEqual(['true', 'true']);
  });

  it('submits with Enter inside the form when valid, payable and not busy', async () => {
    const onPay = renderForm({ initial: filled });
    fireEvent.submit(screen.getByTestId('payment-form'));
    await waitFor(() => expect(onPay).toHaveBeenCalledTimes(1));
    expect(onPay.mock.calls[0]?.[0]).toMatchObject({ customer_email: 'ada@example.com' });
    expect(screen.getByTestId('form-purpose').textContent).toBe('For your receipt');
  });

  it('ignores Enter while busy or not payable, and disables the pay button', async () => {
    const busy = renderForm({ initial: filled, busy: true });
    fireEvent.submit(screen.getByTestId('payment-form'));
    expect((screen.getByTestId('pay-button') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    const unpayable = renderForm({ initial: filled, payable: false });
    fireEvent.submit(screen.getByTestId('payment-form'));
    expect((screen.getByTestId('pay-button') as HTMLButtonElement).disabled).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(busy).not.toHaveBeenCalled();
    expect(unpayable).not.toHaveBeenCalled();
  });

  it('shows payment.checkout.required and payment.checkout.invalid and does not pay', async () => {
    const onPay = renderForm({
      initial: { ...empty, customer_email: 'nope', customer_phone: '123' },
      phone: true,
    });
    fireEvent.submit(screen.getByTestId('payment-form'));
    await screen.findByText('This field is required');
    expect(screen.getAllByText('Please enter a valid value')).toHaveLength(2);
    expect(onPay).not.toHaveBeenCalled();
  });

  it('offers a signed-in customer to save the typed details, off by default', async () => {
    const onPay = renderForm({ initial: filled, offerSave: true });
    const box = screen.getByRole('checkbox', { name: 'Save these details to my account' });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.submit(screen.getByTestId('payment-form'));
    await waitFor(() => expect(onPay).toHaveBeenCalledTimes(1));
    expect(onPay.mock.calls[0]?.[1]).toBe(false);
    fireEvent.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.submit(screen.getByTestId('payment-form'));
    await waitFor(() => expect(onPay).toHaveBeenCalledTimes(2));
    expect(onPay.mock.calls[1]?.[1]).toBe(true);
  });

  it('shows no save checkbox to a visitor, and the checkbox in zh', async () => {
    const onPay = renderForm({ initial: filled });
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.submit(screen.getByTestId('payment-form'));
    await waitFor(() => expect(onPay).toHaveBeenCalledTimes(1));
    expect(onPay.mock.calls[0]?.[1]).toBe(false);
    cleanup();
    renderForm({ initial: filled, offerSave: true, locale: 'zh' });
    expect(screen.getByRole('checkbox', { name: '将这些信息保存到我的账户' })).toBeTruthy();
  });
});
