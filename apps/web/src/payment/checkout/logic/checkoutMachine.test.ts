import { describe, expect, it } from 'vitest';
import {
  afterSubmit,
  initialPayState,
  isBusy,
  payReducer,
  type PayEvent,
  type PayState,
} from './checkoutMachine';
import { fakeAnswer, fakeSession } from './testFixtures';

const run = (events: PayEvent[], from: PayState = initialPayState) => events.reduce(payReducer, from);
const submitted = (answer = fakeAnswer(), credit = false, donation = false): PayEvent => ({
  type: 'SUBMITTED',
  answer,
  credit,
  donation,
});

describe('checkout state machine', () => {
  it('goes idle -> submitting -> walletConnect -> browserWallet -> paying -> paid', () => {
    const states = [
      { type: 'SUBMIT' },
      submitted(),
      { type: 'USE_BROWSER_WALLET' },
      { type: 'TX_SENT' },
      { type: 'PAID' },
    ].reduce<string[]>((list, event, i, all) => [...list, run(all.slice(0, i + 1) as PayEvent[]).status], []);
    expect(states).toEqual(['submitting', 'walletConnect', 'browserWallet', 'paying', 'paid']);
  });

  it('opens the card element for a card target; paid by card, it waits for completion; cancel goes back', () => {
    const card = fakeAnswer({
      paymentTarget: {
        rail: 'stripe',
        payment_intent_id: 'pi_test',
        client_secret: 'pi_test_secret_x',
        publishable_key: 'pk_test_x',
        tx_ref: `0x${'70'.repeat(32)}`,
        amount: '1500',
        currency: 'USD',
        js_url: null,
      },
    });
    expect(run([{ type: 'SUBMIT' }, submitted(card)]).status).toBe('stripePaying');
    expect(run([{ type: 'SUBMIT' }, submitted(card), { type: 'CARD_PAID' }]).status).toBe('paying');
    expect(run([{ type: 'SUBMIT' }, submitted(card), { type: 'CANCEL' }]).status).toBe('idle');
    expect(run([{ type: 'SUBMIT' }, submitted(card), { type: 'COMPLETED_EVENT' }]).status).toBe('paying');
    expect(isBusy({ status: 'stripePaying', answer: card })).toBe(true);
  });

  it('ignores a second submit while busy', () => {
    expect(run([{ type: 'SUBMIT' }, { type: 'SUBMIT' }]).status).toBe('submitting');
    expect(isBusy({ status: 'submitting' })).toBe(true);
    expect(isBusy({ status: 'idle' })).toBe(false);
  });

  it('opens fast pay when delegation or balance is sufficient, but never for donations', () => {
    const delegated = fakeAnswer({ delegation: { sufficient: true } });
    expect(afterSubmit(delegated, false, false)).toMatchObject({ status: 'fastPay', source: 'delegation' });
    const balance = fakeAnswer({
      balance: { sufficient: true },
      fastPayInfo: { type: 'balance', amount: '1', payer: '0x1', token: { balance: '9' } },
    });
    expect(afterSubmit(balance, false, false)).toMatchObject({ status: 'fastPay', source: 'balance' });
    expect(afterSubmit(delegated, false, true).status).toBe('walletConnect');
  });

  it('routes a credit currency to fast pay or the credit-insufficient dialog', () => {
    expect(afterSubmit(fakeAnswer({ creditSufficient: true }), true, false)).toMatchObject({
      status: 'fastPay',
      source: 'credit',
    });
    expect(afterSubmit(fakeAnswer({ creditSufficient: false }), true, false).status).toBe(
      'creditInsufficient',
    );
  });

  it('goes straight to paying when the session is already complete', () => {
    const done = fakeAnswer({ checkoutSession: fakeSession({ status: 'complete', payment_status: 'paid' }) });
    expect(afterSubmit(done, false, false).status).toBe('paying');
  });

  it('falls back to wallet connect when fast pay did not pay', () => {
    const fast = run([{ type: 'SUBMIT' }, submitted(fakeAnswer({ delegation: { sufficient: true } }))]);
    expect(run([{ type: 'FAST_CONFIRM' }], fast)).toMatchObject({ status: 'fastPay', confirming: true });
    expect(run([{ type: 'FAST_CONFIRM' }, { type: 'FAST_RESULT', fastPaid: false }], fast).status).toBe(
      'walletConnect',
    );
    expect(run([{ type: 'FAST_CONFIRM' }, { type: 'FAST_RESULT', fastPaid: true }], fast).status).toBe(
      'paying',
    );
  });

  it('keeps CUSTOMER_LIMITED for the overdue dialog; other submit errors reset', () => {
    expect(run([{ type: 'SUBMIT' }, { type: 'SUBMIT_FAILED', code: 'CUSTOMER_LIMITED' }]).status).toBe(
      'customerLimited',
    );
    expect(run([{ type: 'SUBMIT' }, { type: 'SUBMIT_FAILED', code: 'REQUIRE_CROSS_SELL' }]).status).toBe(
      'idle',
    );
  });

  it('submits again from customerLimited once the overdue invoices are paid', () => {
    const limited = run([{ type: 'SUBMIT' }, { type: 'SUBMIT_FAILED', code: 'CUSTOMER_LIMITED' }]);
    expect(run([{ type: 'SUBMIT' }], limited).status).toBe('submitting');
  });

  it('resets on a connect error and on cancel', () => {
    const connect = run([{ type: 'SUBMIT' }, submitted()]);
    expect(payReducer(connect, { type: 'CONNECT_FAILED' }).status).toBe('idle');
    expect(payReducer(connect, { type: 'CANCEL' }).status).toBe('idle');
    const wallet = payReducer(connect, { type: 'USE_BROWSER_WALLET' });
    expect(payReducer(wallet, { type: 'CONNECT_FAILED' }).status).toBe('idle');
  });

  it('moves to paying on the completed event while the wallet dialog is open', () => {
    const connect = run([{ type: 'SUBMIT' }, submitted()]);
    expect(payReducer(connect, { type: 'COMPLETED_EVENT' }).status).toBe('paying');
    expect(payReducer({ status: 'idle' }, { type: 'COMPLETED_EVENT' }).status).toBe('idle');
  });

  it('fails only from paying, and may submit again after failing', () => {
    const failed = payReducer({ status: 'paying' }, { type: 'PAY_FAILED', message: 'declined' });
    expect(failed).toEqual({ status: 'failed', message: 'declined' });
    expect(payReducer({ status: 'idle' }, { type: 'PAY_FAILED', message: 'x' }).status).toBe('idle');
    expect(payReducer(failed, { type: 'SUBMIT' }).status).toBe('submitting');
  });
});
