import { describe, expect, it } from 'vitest';
import { isEmbeddableCheckout, securityHeaders } from './security-headers.js';

const options = { paymentMount: '/payment', checkoutFrameAncestors: ['https://shop.example'] };

describe('security headers', () => {
  it('recognises only the checkout pages in inline, minimal or embed mode as embeddable', () => {
    expect(isEmbeddableCheckout('/payment/checkout/pay/cs_1?mode=inline', '/payment')).toBe(true);
    expect(isEmbeddableCheckout('/payment/checkout/link/plink_1?embed=1', '/payment')).toBe(true);
    expect(isEmbeddableCheckout('/payment/checkout/pay/cs_1?mode=minimal', '/payment')).toBe(true);
    expect(isEmbeddableCheckout('/checkout/pay/cs_1?mode=inline', '/')).toBe(true);
    expect(isEmbeddableCheckout('/payment/checkout/pay/cs_1', '/payment')).toBe(false);
    expect(isEmbeddableCheckout('/payment/admin?mode=inline', '/payment')).toBe(false);
    expect(isEmbeddableCheckout('/other/checkout/pay/cs_1?mode=inline', '/payment')).toBe(false);
  });

  it('denies framing elsewhere and sends HSTS over https only', () => {
    const page = securityHeaders({ url: '/', host: 'pay.example', protocol: 'http' }, options);
    expect(page['x-frame-options']).toBe('DENY');
    expect(page['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page['strict-transport-security']).toBeUndefined();
    const secure = securityHeaders({ url: '/', host: 'pay.example', protocol: 'https' }, options);
    expect(secure['strict-transport-security']).toMatch(/^max-age=/);
    const embedded = securityHeaders(
      { url: '/payment/checkout/pay/cs_1?mode=inline', host: 'pay.example', protocol: 'https' },
      options,
    );
    expect(embedded['x-frame-options']).toBeUndefined();
    expect(embedded['content-security-policy']).toContain("frame-ancestors 'self' https://shop.example");
  });
});
