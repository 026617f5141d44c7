/** Strings of the "Refund last payment" subscription action (payment.admin.refundLast). */
export const refundLastEn = {
  label: 'Refund last payment',
  title: 'Refund the last payment of {{id}}?',
  text: 'The latest succeeded payment of this subscription is refunded for everything not refunded yet, to the account that paid it. The subscription itself does not change.',
  reason: 'Reason',
  confirm: 'Refund',
  done: 'Refund created; it is sent back through the payment’s rail.',
};
