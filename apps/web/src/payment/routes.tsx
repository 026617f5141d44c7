import type { RouteObject } from 'react-router';
import { withMessages } from '../platform/i18n/lazyMessages';
import { adminRoutes } from './admin/adminRoutes';
import { atMountPoint } from './paths';

/** The payment part's routes under its mount point (SPEC.md section 2, payment routes and checkout). */
export function paymentRoutes(mountPoint: string): RouteObject[] {
  const at = (path: string) => atMountPoint(mountPoint, path);
  // The checkout only needs the strings bundled with the app; every other page loads the payment
  // extras (admin, portal, demo) with its code.
  const checkout: RouteObject[] = [
    {
      path: at('checkout/pay/:id'),
      lazy: async () => ({ Component: (await import('./pages/CheckoutSessionPage')).CheckoutSessionPage }),
    },
    {
      path: at('checkout/link/:id'),
      lazy: async () => ({ Component: (await import('./pages/PaymentLinkPage')).PaymentLinkPage }),
    },
  ];
  const pages: RouteObject[] = [
    {
      path: at('integrations/donations'),
      lazy: async () => ({
        Component: (await import('./pages/DonationsIntegrationPage')).DonationsIntegrationPage,
      }),
    },
    {
      path: at('customer'),
      lazy: async () => ({ Component: (await import('./pages/PortalHomePage')).PortalHomePage }),
    },
    {
      path: at('customer/invoices'),
      lazy: async () => ({ Component: (await import('./pages/PortalInvoicesPage')).PortalInvoicesPage }),
    },
    {
      path: at('customer/subscriptions'),
      lazy: async () => ({
        Component: (await import('./pages/PortalSubscriptionsPage')).PortalSubscriptionsPage,
      }),
    },
    {
      path: at('customer/payments'),
      lazy: async () => ({ Component: (await import('./pages/PortalPaymentsPage')).PortalPaymentsPage }),
    },
    {
      path: at('customer/credits'),
      lazy: async () => ({ Component: (await import('./pages/PortalCreditsPage')).PortalCreditsPage }),
    },
    {
      path: at('customer/invoice/past-due'),
      lazy: async () => ({ Component: (await import('./pages/PastDueInvoicesPage')).PastDueInvoicesPage }),
    },
    {
      path: at('customer/invoice/:id'),
      lazy: async () => ({ Component: (await import('./pages/InvoicePage')).InvoicePage }),
    },
    {
      path: at('customer/subscription/:id'),
      lazy: async () => ({ Component: (await import('./pages/SubscriptionPage')).SubscriptionPage }),
    },
    {
      path: at('customer/credit-grant/:id'),
      lazy: async () => ({ Component: (await import('./pages/CreditGrantPage')).CreditGrantPage }),
    },
    {
      path: at('demo'),
      lazy: async () => ({ Component: (await import('./demo/DemoPage')).DemoPage }),
    },
    ...adminRoutes(mountPoint),
  ];
  return [...checkout, ...withMessages(pages, loadPaymentExtras)];
}

const loadPaymentExtras = async () => (await import('./i18n/extras')).paymentExtras;
