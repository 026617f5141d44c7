// SPEC.md section 4, "Checkout form": idle -> submitting -> fastPay | creditInsufficient | walletConnect
// | browserWallet -> paying -> paid | failed. A pure reducer; effects live in usePayFlow.
import type { SubmitAnswer } from './api';

export type FastPaySource = 'balance' | 'delegation' | 'credit';

export type PayState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'customerLimited' }
  | { status: 'fastPay'; answer: SubmitAnswer; source: FastPaySource; confirming: boolean }
  | { status: 'creditInsufficient'; answer: SubmitAnswer }
  | { status: 'walletConnect'; answer: SubmitAnswer }
  | { status: 'browserWallet'; answer: SubmitAnswer }
  /** The card provider's element (stripePaying): the card form confirms in the page, 3-D Secure included. */
  | { status: 'stripePaying'; answer: SubmitAnswer }
  | { status: 'paying' }
  | { status: 'paid' }
  | { status: 'failed'; message: string };

export type PayEvent =
  | { type: 'SUBMIT' }
  | { type: 'SUBMITTED'; answer: SubmitAnswer; credit: boolean; donation: boolean }
  | { type: 'SUBMIT_FAILED'; code: string | undefined }
  | { type: 'FAST_CONFIRM' }
  | { type: 'FAST_RESULT'; fastPaid: boolean }
  | { type: 'USE_BROWSER_WALLET' }
  | { type: 'TX_SENT' }
  /** The card payment succeeded and was posted. */
  | { type: 'CARD_PAID' }
  | { type: 'CONNECT_FAILED' }
  | { type: 'COMPLETED_EVENT' }
  | { type: 'CANCEL' }
  | { type: 'PAID' }
  | { type: 'PAY_FAILED'; message: string };

export const initialPayState: PayState = { status: 'idle' };

/** Where a successful submit leads (SPEC section 4 and the reference flow, without its donation bug). */
export function afterSubmit(answer: SubmitAnswer, credit: boolean, donation: boolean): PayState {
  const session = answer.checkoutSession;
  if (session.status === 'complete') return { status: 'paying' };
  if (answer.paymentTarget?.rail === 'stripe') return { status: 'stripePaying', answer };
  if (credit) {
    return answer.creditSufficient
      ? { status: 'fastPay', answer, source: 'credit', confirming: false }
      : { status: 'creditInsufficient', answer };
  }
  if (!donation && answer.delegation?.sufficient) {
    return { status: 'fastPay', answer, source: 'delegation', confirming: false };
  }
  if (!donation && answer.balance?.sufficient && answer.fastPayInfo) {
    return { status: 'fastPay', answer, source: 'balance', confirming: false };
  }
  return { status: 'walletConnect', answer };
}

/** States in which the customer is busy: no second submit, Enter does nothing. */
export function isBusy(state: PayState): boolean {
  return state.status !== 'idle' && state.status !== 'failed';
}

export function payReducer(state: PayState, event: PayEvent): PayState {
  switch (event.type) {
    case 'SUBMIT':
      // From customerLimited: the overdue invoices were paid, the refused submission goes again.
      return ['idle', 'failed', 'customerLimited'].includes(state.status) ? { status: 'submitting' } : state;
    case 'SUBMITTED':
      return state.status === 'submitting' ? afterSubmit(event.answer, event.credit, event.donation) : state;
    case 'SUBMIT_FAILED':
      if (state.status !== 'submitting') return state;
      return event.code === 'CUSTOMER_LIMITED' ? { status: 'customerLimited' } : { status: 'idle' };
    case 'FAST_CONFIRM':
      return state.status === 'fastPay' ? { ...state, confirming: true } : state;
    case 'FAST_RESULT':
      if (state.status !== 'fastPay') return state;
      return event.fastPaid ? { status: 'paying' } : { status: 'walletConnect', answer: state.answer };
    case 'USE_BROWSER_WALLET':
      return state.status === 'walletConnect' ? { status: 'browserWallet', answer: state.answer } : state;
    case 'TX_SENT':
      return state.status === 'browserWallet' ? { status: 'paying' } : state;
    case 'CARD_PAID':
      return state.status === 'stripePaying' ? { status: 'paying' } : state;
    case 'CONNECT_FAILED':
      return state.status === 'walletConnect' || state.status === 'browserWallet'
        ? { status: 'idle' }
        : state;
    case 'COMPLETED_EVENT':
      return ['walletConnect', 'browserWallet', 'fastPay', 'submitting', 'stripePaying'].includes(
        state.status,
      )
        ? { status: 'paying' }
        : state;
    case 'CANCEL':
      return ['fastPay', 'creditInsufficient', 'walletConnect', 'customerLimited', 'stripePaying'].includes(
        state.status,
      ) && !(state.status === 'fastPay' && state.confirming)
        ? { status: 'idle' }
        : state;
    case 'PAID':
      return state.status === 'paid' ? state : { status: 'paid' };
    case 'PAY_FAILED':
      return state.status === 'paying' ? { status: 'failed', message: event.message } : state;
  }
}
