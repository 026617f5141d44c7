// The merchant's resources (secret keys, or a signed-in owner/admin in the admin UI).
import { z } from 'zod';
import {
  price,
  priceCreate,
  priceUpdate,
  product,
  productCreate,
  productUpdate,
} from '../payment/catalog.js';
import {
  checkoutSession,
  checkoutSessionCreate,
  checkoutSessionUpdate,
  paymentLink,
  paymentLinkCreate,
  paymentLinkUpdate,
} from '../payment/checkout.js';
import { listQuery } from '../payment/common.js';
import { customer, customerCreate, customerUpdate } from '../payment/customers.js';
import {
  paymentCurrency,
  paymentCurrencyCreate,
  paymentCurrencyUpdate,
  paymentMethod,
  paymentMethodCreate,
  paymentMethodUpdate,
} from '../payment/methods.js';
import { crud } from './crud.js';

const id = z.string().max(100).optional();

export const merchantRoutes = {
  products: crud({
    path: '/products',
    tag: 'Products',
    noun: 'product',
    object: product,
    createBody: productCreate,
    updateBody: productUpdate,
    listQuery: listQuery.extend({ type: z.enum(['service', 'good', 'credit']).optional() }),
    archive: true,
  }),
  prices: crud({
    path: '/prices',
    tag: 'Prices',
    noun: 'price',
    object: price,
    createBody: priceCreate,
    updateBody: priceUpdate,
    listQuery: listQuery.extend({
      product_id: id,
      currency_id: id,
      type: z.enum(['one_time', 'recurring']).optional(),
    }),
    archive: true,
  }),
  customers: crud({
    path: '/customers',
    tag: 'Customers',
    noun: 'customer',
    object: customer,
    createBody: customerCreate,
    updateBody: customerUpdate,
    listQuery: listQuery.extend({
      email: z.string().max(254).optional(),
      did: z.string().max(200).optional(),
    }),
    archive: true,
  }),
  paymentLinks: crud({
    path: '/payment-links',
    tag: 'Payment links',
    noun: 'payment link',
    object: paymentLink,
    createBody: paymentLinkCreate,
    updateBody: paymentLinkUpdate,
    listQuery,
    archive: true,
  }),
  paymentMethods: crud({
    path: '/payment-methods',
    tag: 'Payment methods',
    noun: 'payment method',
    object: paymentMethod,
    createBody: paymentMethodCreate,
    updateBody: paymentMethodUpdate,
    listQuery,
    archive: true,
  }),
  paymentCurrencies: crud({
    path: '/payment-currencies',
    tag: 'Payment currencies',
    noun: 'payment currency',
    plural: 'payment currencies',
    object: paymentCurrency,
    createBody: paymentCurrencyCreate,
    updateBody: paymentCurrencyUpdate,
    listQuery: listQuery.extend({ payment_method_id: id }),
    archive: true,
  }),
  checkoutSessions: crud({
    path: '/checkout-sessions',
    tag: 'Checkout sessions',
    noun: 'checkout session',
    object: checkoutSession,
    createBody: checkoutSessionCreate,
    updateBody: checkoutSessionUpdate,
    listQuery: listQuery.extend({
      status: z.enum(['open', 'complete', 'expired']).optional(),
      payment_link_id: id,
      customer_id: id,
    }),
    archive: false,
  }),
};
