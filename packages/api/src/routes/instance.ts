// The payment instance's own routes beyond the catalog: secret keys and settings records (a signed-in
// owner or admin), the payment settings and the demo links (anyone; the mode from `livemode`).
import { apiKey, apiKeyCreate } from '../payment/keys.js';
import { browserQuery, listOf, listQuery } from '../payment/common.js';
import { demoLinksAnswer } from '../payment/demo.js';
import {
  paymentSettings,
  settingCreate,
  settingRecord,
  settingUpdateById,
  settingUpdateByMount,
} from '../payment/settings.js';
import { route } from './define.js';

const settingsTag = 'Settings (browser)';

export const instanceRoutes = {
  createApiKey: route({
    access: 'admin',
    tag: 'API keys',
    method: 'POST',
    path: '/api-keys',
    summary: 'Create a secret key (the secret is shown once, in this answer)',
    body: apiKeyCreate,
    response: apiKey,
  }),
  apiKeys: route({
    access: 'admin',
    tag: 'API keys',
    method: 'GET',
    path: '/api-keys',
    summary: 'List secret keys of the mode chosen by `livemode`',
    query: listQuery,
    response: listOf(apiKey),
  }),
  revokeApiKey: route({
    access: 'admin',
    tag: 'API keys',
    method: 'DELETE',
    path: '/api-keys/:id',
    summary: 'Revoke a secret key',
    response: apiKey,
  }),
  paymentSettings: route({
    access: 'browser',
    tag: settingsTag,
    method: 'GET',
    path: '/settings',
    summary: 'Payment methods with currencies and the base currency of the mode (`livemode` query)',
    query: browserQuery,
    response: paymentSettings,
  }),
  createSetting: route({
    access: 'admin',
    tag: settingsTag,
    method: 'POST',
    path: '/settings',
    summary: 'The settings record of a mount location, created on first use. Owner or admin.',
    query: browserQuery,
    body: settingCreate,
    response: settingRecord,
  }),
  updateSetting: route({
    access: 'admin',
    tag: settingsTag,
    method: 'PUT',
    path: '/settings/:key',
    summary:
      'By id (setting_…): body {active}; by mount location: body {livemode, settings}. Owner or admin.',
    query: browserQuery,
    body: settingUpdateById.partial().extend(settingUpdateByMount.partial().shape),
    response: settingRecord,
  }),
  demo: route({
    access: 'browser',
    tag: 'Demo',
    method: 'GET',
    path: '/demo',
    summary: 'The seeded test-mode payment links, one per kind of price',
    response: demoLinksAnswer,
  }),
};
