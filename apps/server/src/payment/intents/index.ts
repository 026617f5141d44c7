// Payment intents: the state machine, the one service that moves them, their attempts, and the rail
// a method pays through. Other modules and flows import from here.
export * from './machine.js';
export * from './service.js';
export * from './attempts.js';
export { recordConfirmations } from './progress.js';
export { closeIntent, closeWaitingIntentsOf, INVOICE_BATCH_KEY, type CloseReason } from './close.js';
export {
  assetOf,
  expectationOf,
  methodProblem,
  methodRails,
  payingFor,
  payingWith,
  railProblem,
  RailError,
  type PayingWith,
} from './rail.js';
export type {
  ConfirmedHandler,
  ConfirmedPayment,
  DemoMethod,
  DemoNetwork,
  PaymentExpectation,
  PaymentTarget,
  Rail,
  RailAsset,
  ProgressHandler,
  RejectedHandler,
  RejectReason,
  VerifyResult,
  WalletRequest,
} from './rail.js';
export {
  collect,
  collectAgain,
  MAX_SIGNS,
  nonceLost,
  replacementStep,
  sendCollected,
  type Collected,
  type DeclineReason,
} from './collect.js';
export { getIntent, lastPayer, recordFastPayPayer, serializeIntent, type IntentRow } from './repo.js';
export { updateIntent } from './repo.js';
export { canceledIntentsOf } from './repo.js';
export { refundsOf, refundTransfer, serializeRefund, type RefundRow } from './refunds.js';
export {
  REFUND_SEND_TASK,
  createRefund,
  enqueueRefundSend,
  getRefund,
  refundTo,
  refundableAmount,
  refundsInFlight,
  updateRefund,
  type NewRefund,
} from './refunds.js';
export { allowanceOfferFor, type AllowancePlan } from './allowance.js';
export {
  isPaid,
  lockIntentForTransfer,
  paidWith,
  settle,
  settleExtraTransfer,
  settleUnderpaid,
  type PaidOutcome,
  type Settled,
  type SettleTerms,
} from './settle.js';
export { advanceRefund, reconcileRefunds, registerRefundJobs, REFUND_RECONCILE_TASK } from './refund-send.js';
export { acceptLateTransfer, acceptTransfer, type Accepted, type TransferOwner } from './accept.js';
export {
  checkTransfer,
  fundsOf,
  mandateRequest,
  resendUnknown,
  sendSigned,
  signedFor,
  targetOf,
  transfersNaming,
} from './transfer.js';
export { paidAlready, paidReplacedIntent, underpaidError } from './answers.js';
export { readRailEvent, type RailEventOutcome } from './rail-events.js';
export { refundToSign, submitSignedRefund } from './refund-merchant.js';
