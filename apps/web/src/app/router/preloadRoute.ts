/**
 * The router is built only once the runtime configuration has loaded; a checkout address starts loading
 * its page's code right away instead, so both travel in parallel (the route's own import then resolves
 * from the module already fetched).
 */
export function preloadRouteCode(pathname: string): void {
  if (pathname.includes('/checkout/pay/')) void import('../../payment/pages/CheckoutSessionPage');
  else if (pathname.includes('/checkout/link/')) void import('../../payment/pages/PaymentLinkPage');
}
