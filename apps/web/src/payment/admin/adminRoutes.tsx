import { Navigate, type RouteObject } from 'react-router';

/**
 * The admin catalog under `{mount}/admin` (owners and admins; others get the 403 page, visitors the
 * login): products and prices, coupons, promotion codes and tax rates, payment links, payment methods and currencies, customers, API keys,
 * webhooks, and billing: subscriptions, invoices, payments and refunds, test clocks.
 */
export function adminRoutes(mountPoint: string): RouteObject[] {
  const base = mountPoint === '/' ? '/admin' : `${mountPoint}/admin`;
  return [
    {
      path: base,
      lazy: async () => {
        const { AdminShell } = await import('./layout/AdminShell');
        return { element: <AdminShell mountPoint={mountPoint} /> };
      },
      children: [
        { index: true, element: <Navigate to="overview" replace /> },
        {
          path: 'overview',
          lazy: async () => ({ Component: (await import('./overview/OverviewPage')).OverviewPage }),
        },
        {
          path: 'products',
          lazy: async () => ({ Component: (await import('./products/ProductsPage')).ProductsPage }),
        },
        {
          path: 'products/:id',
          lazy: async () => ({ Component: (await import('./products/ProductDetailPage')).ProductDetailPage }),
        },
        {
          path: 'coupons',
          lazy: async () => ({ Component: (await import('./discounts/CouponsPage')).CouponsPage }),
        },
        {
          path: 'promotion-codes',
          lazy: async () => ({
            Component: (await import('./discounts/PromotionCodesPage')).PromotionCodesPage,
          }),
        },
        {
          path: 'tax-rates',
          lazy: async () => ({ Component: (await import('./discounts/TaxRatesPage')).TaxRatesPage }),
        },
        {
          path: 'payment-links',
          lazy: async () => ({ Component: (await import('./links/PaymentLinksPage')).PaymentLinksPage }),
        },
        {
          path: 'payment-methods',
          lazy: async () => ({
            Component: (await import('./methods/PaymentMethodsPage')).PaymentMethodsPage,
          }),
        },
        {
          path: 'customers',
          lazy: async () => ({ Component: (await import('./customers/CustomersPage')).CustomersPage }),
        },
        {
          path: 'customers/:id',
          lazy: async () => ({
            Component: (await import('./customers/CustomerDetailPage')).CustomerDetailPage,
          }),
        },
        {
          path: 'api-keys',
          lazy: async () => ({ Component: (await import('./keys/ApiKeysPage')).ApiKeysPage }),
        },
        {
          path: 'webhooks',
          lazy: async () => ({ Component: (await import('./webhooks/WebhooksPage')).WebhooksPage }),
        },
        {
          path: 'webhooks/:id',
          lazy: async () => ({ Component: (await import('./webhooks/WebhookDetailPage')).WebhookDetailPage }),
        },
        {
          path: 'subscriptions',
          lazy: async () => ({ Component: (await import('./billing/SubscriptionsPage')).SubscriptionsPage }),
        },
        {
          path: 'subscriptions/:id',
          lazy: async () => ({
            Component: (await import('./billing/SubscriptionDetailPage')).SubscriptionDetailPage,
          }),
        },
        {
          path: 'invoices',
          lazy: async () => ({ Component: (await import('./billing/InvoicesPage')).InvoicesPage }),
        },
        {
          path: 'invoices/:id',
          lazy: async () => ({ Component: (await import('./billing/InvoiceDetailPage')).InvoiceDetailPage }),
        },
        {
          path: 'payments',
          lazy: async () => ({ Component: (await import('./billing/PaymentsPage')).PaymentsPage }),
        },
        {
          path: 'meters',
          lazy: async () => ({ Component: (await import('./meters/MetersPage')).MetersPage }),
        },
        {
          path: 'billing/:meterId',
          lazy: async () => ({ Component: (await import('./meters/MeterPage')).MeterPage }),
        },
        {
          path: 'test-clocks',
          lazy: async () => ({ Component: (await import('./billing/TestClocksPage')).TestClocksPage }),
        },
      ],
    },
  ];
}
