// Credit grants and credit transactions (Payment Kit's `creditGrants` and `creditTransactions`
// paths). Reads are `customer` routes: a secret key or a signed-in owner/admin reads every customer's,
// any other signed-in user only their own customer's. Creating and voiding grants are the merchant's.
import { z } from 'zod';
import {
  creditGrant,
  creditGrantCreate,
  creditGrantList,
  creditGrantListQuery,
  creditTransactionList,
  creditTransactionListQuery,
} from '../payment/credits.js';
import { route } from './define.js';

const tag = 'Credits';
const modeQuery = z.looseObject({ livemode: z.enum(['true', 'false', '1', '0']).optional() });

export const creditRoutes = {
  createGrant: route({
    access: 'merchant',
    tag,
    method: 'POST',
    path: '/credit-grants',
    summary: 'Grant credit to a customer (promotional by default), consumed by credit meters',
    body: creditGrantCreate,
    response: creditGrant,
  }),
  listGrants: route({
    access: 'customer',
    tag,
    method: 'GET',
    path: '/credit-grants',
    summary: 'A page of credit grants (a customer sees only their own), by status, customer, subscription',
    query: creditGrantListQuery,
    response: creditGrantList,
  }),
  retrieveGrant: route({
    access: 'customer',
    tag,
    method: 'GET',
    path: '/credit-grants/:id',
    summary: 'Retrieve a credit grant (a customer only their own)',
    query: modeQuery,
    response: creditGrant,
  }),
  voidGrant: route({
    access: 'merchant',
    tag,
    method: 'PUT',
    path: '/credit-grants/:id/void',
    summary: 'Void a credit grant: what remains of it can no longer be consumed',
    response: creditGrant,
  }),
  listTransactions: route({
    access: 'customer',
    tag,
    method: 'GET',
    path: '/credit-transactions',
    summary: 'A page of credit transactions, newest first (grant, subscription, source, time range)',
    query: creditTransactionListQuery,
    response: creditTransactionList,
  }),
};
