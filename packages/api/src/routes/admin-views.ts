// The payment admin's read views and actions beyond CRUD (owner/admin in the admin UI, or a secret key).
import { z } from 'zod';
import {
  customerActivity,
  donationSettingQuery,
  donationSettingValues,
  overview,
  overviewQuery,
  refundCreate,
  refundLastPaymentBody,
  refundSignedBody,
  refundToSign,
} from '../payment/admin-views.js';
import { refund } from '../payment/billing-admin.js';
import { listOf } from '../payment/common.js';
import { settingRecord } from '../payment/settings.js';
import { route } from './define.js';

const modeQuery = z.looseObject({ livemode: z.enum(['true', 'false', '1', '0']).optional() });

export const adminViewRoutes = {
  customerActivity: route({
    access: 'merchant',
    tag: 'Customers',
    method: 'GET',
    path: '/customers/:id/activity',
    summary: 'Balances per currency, the latest payments, refunds and events of one customer',
    query: modeQuery,
    response: customerActivity,
  }),
  overview: route({
    access: 'merchant',
    tag: 'Overview',
    method: 'GET',
    path: '/overview',
    summary: 'Revenue per day and currency, MRR and active subscriptions per day, past due, recent payments',
    query: overviewQuery,
    response: overview,
  }),
  createRefund: route({
    access: 'merchant',
    tag: 'Refunds',
    method: 'POST',
    path: '/refunds',
    summary: 'Refund a succeeded payment in full or in part (at most what is not refunded yet)',
    query: modeQuery,
    body: refundCreate,
    response: refund,
  }),
  refundLastPayment: route({
    access: 'merchant',
    tag: 'Refunds',
    method: 'POST',
    path: '/subscriptions/:id/refund-last-payment',
    summary: "Refund what is left of a subscription's latest succeeded payment, to the account that paid",
    query: modeQuery,
    body: refundLastPaymentBody,
    response: refund,
  }),
  refundToSign: route({
    access: 'merchant',
    tag: 'Refunds',
    method: 'GET',
    path: '/refunds/:id/psbt',
    summary: 'The unsigned refund of a watch-only method (Bitcoin: a base64 PSBT) for the merchant to sign',
    query: modeQuery,
    response: refundToSign,
  }),
  submitSignedRefund: route({
    access: 'merchant',
    tag: 'Refunds',
    method: 'POST',
    path: '/refunds/:id/signed',
    summary: 'Submit the signed refund (signed PSBT, raw transaction or txid); checked, committed, then sent',
    query: modeQuery,
    body: refundSignedBody,
    response: refund,
  }),
  donationSettings: route({
    access: 'admin',
    tag: 'Settings (browser)',
    method: 'GET',
    path: '/donation-settings',
    summary: 'Every donation setting record of the mode, newest first. Owner or admin.',
    query: modeQuery,
    response: listOf(settingRecord),
  }),
  donationSetting: route({
    access: 'browser',
    tag: 'Settings (browser)',
    method: 'GET',
    path: '/donation-settings/lookup',
    summary: 'The donation setting record of a mount location (active flag and settings), or null',
    query: donationSettingQuery,
    response: settingRecord.nullable(),
  }),
  updateDonationSetting: route({
    access: 'admin',
    tag: 'Settings (browser)',
    method: 'PUT',
    path: '/donation-settings/:id',
    summary: 'Replace the settings of a donation record (presets, bounds, beneficiaries, benefits, messages)',
    query: modeQuery,
    body: z.object({ settings: donationSettingValues }),
    response: settingRecord,
  }),
};
