// The web app's pages, as route patterns ("/blocklets/:did/:version?"), shared by the server and the
// web app: the server serves the app's HTML with 200 only for these paths and answers any other path
// with the app's 404 page and status 404; the web app's router test checks it registers exactly these.

/** A payment page's path under its mount point (`/payment` by default, or the site root). */
function underMount(mountPoint: string, path: string): string {
  return mountPoint === '/' ? `/${path}` : `${mountPoint}/${path}`;
}

const STORE_PAGES = [
  '/',
  '/search',
  '/category/:category',
  '/blocklets/:did/:version?',
  '/blocklet/:did',
  '/profile',
  '/connect-cli',
  '/gen-key-pair',
  '/connect-studio',
  '/developer/blocklets',
  '/developer/access-tokens',
  '/console/blocklets',
  '/console/categories',
];

const PAYMENT_PAGES = [
  'checkout/pay/:id',
  'checkout/link/:id',
  'integrations/donations',
  'customer',
  'customer/invoices',
  'customer/subscriptions',
  'customer/payments',
  'customer/credits',
  'customer/invoice/past-due',
  'customer/invoice/:id',
  'customer/subscription/:id',
  'customer/credit-grant/:id',
  'admin/billing/:meterId',
  'demo',
  'admin',
  'admin/overview',
  'admin/products',
  'admin/products/:id',
  'admin/coupons',
  'admin/promotion-codes',
  'admin/tax-rates',
  'admin/payment-links',
  'admin/payment-methods',
  'admin/customers',
  'admin/customers/:id',
  'admin/api-keys',
  'admin/webhooks',
  'admin/webhooks/:id',
  'admin/subscriptions',
  'admin/subscriptions/:id',
  'admin/invoices',
  'admin/invoices/:id',
  'admin/payments',
  'admin/meters',
  'admin/test-clocks',
];

const PLATFORM_PAGES = [
  '/.well-known/service/login',
  '/.well-known/service/admin/members',
  '/.well-known/service/user',
  '/.well-known/service/user/notifications',
  '/.well-known/service/admin/domains',
  '/.well-known/service/admin/analytics',
  '/.well-known/service/admin/navigation',
  '/400',
  '/403',
  '/404',
  '/500',
];

/**
 * Every page pattern of the web app with the payment part mounted at `paymentMount`; `/join` (developer
 * registration by staking) exists only in the staking permission mode.
 */
export function webPagePatterns(paymentMount: string, options: { staking?: boolean } = {}): string[] {
  return [
    ...STORE_PAGES,
    ...(options.staking ? ['/join'] : []),
    ...PAYMENT_PAGES.map((p) => underMount(paymentMount, p)),
    ...PLATFORM_PAGES,
  ];
}

/** Whether `pathname` matches `pattern`: `:name` is one segment, `:name?` an optional one. */
export function matchesPagePattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const required = want.filter((s) => !s.endsWith('?')).length;
  if (have.length < required || have.length > want.length) return false;
  return want.every((segment, i) => {
    const part = have[i];
    if (part === undefined) return segment.endsWith('?');
    return segment.startsWith(':') || segment === part;
  });
}

/** Whether `pathname` (no query) is one of the web app's pages; a trailing slash is allowed. */
export function isWebPage(
  pathname: string,
  paymentMount: string,
  options: { staking?: boolean } = {},
): boolean {
  return webPagePatterns(paymentMount, options).some((p) => matchesPagePattern(p, pathname));
}
