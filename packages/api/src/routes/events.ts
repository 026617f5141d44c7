// Webhook endpoints, their delivery attempts and the events they carry: secret keys and the admin UI
// (a signed-in owner or admin).
import { z } from 'zod';
import { listOf, listQuery } from '../payment/common.js';
import {
  eventListQuery,
  paymentEvent,
  webhookAttempt,
  webhookAttemptListQuery,
  webhookEndpoint,
  webhookEndpointCreate,
  webhookEndpointDeleted,
  webhookEndpointUpdate,
} from '../payment/webhooks.js';
import { route } from './define.js';

const tag = 'Webhooks';
const none = z.object({});

export const eventRoutes = {
  createWebhookEndpoint: route({
    access: 'merchant',
    tag,
    method: 'POST',
    path: '/webhook-endpoints',
    summary: 'Create a webhook endpoint (its signing secret is shown once, in this answer)',
    body: webhookEndpointCreate,
    query: none,
    response: webhookEndpoint,
  }),
  webhookEndpoints: route({
    access: 'merchant',
    tag,
    method: 'GET',
    path: '/webhook-endpoints',
    summary: 'List webhook endpoints',
    query: listQuery,
    response: listOf(webhookEndpoint),
  }),
  webhookEndpoint: route({
    access: 'merchant',
    tag,
    method: 'GET',
    path: '/webhook-endpoints/:id',
    summary: 'Retrieve a webhook endpoint',
    response: webhookEndpoint,
  }),
  updateWebhookEndpoint: route({
    access: 'merchant',
    tag,
    method: 'POST',
    path: '/webhook-endpoints/:id',
    summary: 'Update a webhook endpoint: URL, events, description, metadata, or enable/disable it',
    body: webhookEndpointUpdate,
    response: webhookEndpoint,
  }),
  deleteWebhookEndpoint: route({
    access: 'merchant',
    tag,
    method: 'DELETE',
    path: '/webhook-endpoints/:id',
    summary: 'Delete a webhook endpoint (its pending retries stop)',
    response: webhookEndpointDeleted,
  }),
  webhookAttempts: route({
    access: 'merchant',
    tag,
    method: 'GET',
    path: '/webhook-endpoints/:id/attempts',
    summary: 'List the delivery attempts of a webhook endpoint, newest first',
    query: webhookAttemptListQuery,
    response: listOf(webhookAttempt),
  }),
  events: route({
    access: 'merchant',
    tag,
    method: 'GET',
    path: '/events',
    summary: 'List events, newest first (`type` keeps one type)',
    query: eventListQuery,
    response: listOf(paymentEvent),
  }),
  event: route({
    access: 'merchant',
    tag,
    method: 'GET',
    path: '/events/:id',
    summary: 'Retrieve an event',
    response: paymentEvent,
  }),
};
