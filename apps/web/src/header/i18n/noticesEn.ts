/** Texts of notifications stored as message keys (header.notices.{key}); parameters as the server stores them. */
export const noticesEn = {
  now: 'now',
  billing: {
    invoiceDue: {
      title: 'Invoice {{number}} is ready to pay',
      description: 'Due {{due}}: {{link}}',
    },
    invoicePaid: {
      title: 'Invoice {{number}} is paid',
      description: '{{amount}} {{symbol}} paid: {{link}}',
    },
    creditInsufficient: {
      title: 'Insufficient Credit',
      description: '{{amount}} {{symbol}} of usage is not covered by your credit; top up: {{link}}',
    },
  },
};
