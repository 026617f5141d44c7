/** The admin sections, in tab order: path under `{mount}/admin/` and translation key. */
export const ADMIN_SECTIONS = [
  { path: 'overview', label: 'overview' },
  { path: 'products', label: 'products' },
  { path: 'coupons', label: 'coupons' },
  { path: 'promotion-codes', label: 'promotionCodes' },
  { path: 'tax-rates', label: 'taxRates' },
  { path: 'payment-links', label: 'links' },
  { path: 'payment-methods', label: 'methods' },
  { path: 'customers', label: 'customers' },
  { path: 'api-keys', label: 'keys' },
  { path: 'webhooks', label: 'webhooks' },
  { path: 'subscriptions', label: 'subscriptions' },
  { path: 'invoices', label: 'invoices' },
  { path: 'payments', label: 'payments' },
  { path: 'meters', label: 'meters' },
  { path: 'test-clocks', label: 'clocks' },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** The section a pathname belongs to (detail pages included), or the first one. */
export function sectionOf(pathname: string, adminBase: string): AdminSection {
  const rest = pathname.startsWith(`${adminBase}/`) ? pathname.slice(adminBase.length + 1) : '';
  // A meter's page lives at `admin/billing/{meterId}` (the SPEC's address) under the Meters section.
  const first = rest.split('/')[0] === 'billing' ? 'meters' : rest.split('/')[0];
  return ADMIN_SECTIONS.find((s) => s.path === first) ?? ADMIN_SECTIONS[0];
}
