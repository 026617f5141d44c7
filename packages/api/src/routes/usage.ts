// Meters and meter events (Payment Kit's `meters` and `meterEvents` paths), all for secret keys and a
// signed-in owner/admin: a meter's create/list/retrieve/update with activate and deactivate; events
// one at a time or up to 1,000 per batch, their list, per-day stats and the amount usage would bill now.
import {
  meter,
  meterCreate,
  meterEventBatchCreate,
  meterEventBatchResult,
  meterEventCreate,
  meterEventCreated,
  meterEventList,
  meterEventListQuery,
  meterEventStats,
  meterEventStatsQuery,
  meterListQuery,
  meterUpdate,
  pendingAmount,
  pendingAmountQuery,
} from '../payment/usage.js';
import { crud } from './crud.js';
import { route } from './define.js';

const events = { access: 'merchant', tag: 'Meter events' } as const;

export const meterRoutes = {
  ...crud({
    path: '/meters',
    tag: 'Meters',
    noun: 'meter',
    object: meter,
    createBody: meterCreate,
    updateBody: meterUpdate,
    listQuery: meterListQuery,
    archive: false,
  }),
  activate: route({
    access: 'merchant',
    tag: 'Meters',
    method: 'PUT',
    path: '/meters/:id/activate',
    summary: 'Activate a meter (its events are accepted again)',
    response: meter,
  }),
  deactivate: route({
    access: 'merchant',
    tag: 'Meters',
    method: 'PUT',
    path: '/meters/:id/deactivate',
    summary: 'Deactivate a meter (its events are refused; recorded usage still bills)',
    response: meter,
  }),
};

export const meterEventRoutes = {
  create: route({
    ...events,
    method: 'POST',
    path: '/meter-events',
    summary: 'Record one usage event (a repeated identifier is answered as a duplicate, not counted)',
    body: meterEventCreate,
    response: meterEventCreated,
  }),
  batch: route({
    ...events,
    method: 'POST',
    path: '/meter-events/batch',
    summary: 'Record up to 1,000 usage events in one insert (duplicates answered, never counted)',
    body: meterEventBatchCreate,
    response: meterEventBatchResult,
  }),
  list: route({
    ...events,
    method: 'GET',
    path: '/meter-events',
    summary: 'List meter events, newest first (meter, event name, customer, subscription, time range)',
    query: meterEventListQuery,
    response: meterEventList,
  }),
  stats: route({
    ...events,
    method: 'GET',
    path: '/meter-events/stats',
    summary: 'Usage of a meter per UTC day in [start, end) (one customer or all)',
    query: meterEventStatsQuery,
    response: meterEventStats,
  }),
  pendingAmount: route({
    ...events,
    method: 'GET',
    path: '/meter-events/pending-amount',
    summary: 'What the usage of the open periods would bill now, per subscription and metered price',
    query: pendingAmountQuery,
    response: pendingAmount,
  }),
};
