import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, sectionOf } from './adminSections';

describe('admin sections', () => {
  it('finds the section of list and detail pages', () => {
    expect(sectionOf('/payment/admin/customers/cus_1', '/payment/admin').path).toBe('customers');
    expect(sectionOf('/payment/admin/api-keys', '/payment/admin').path).toBe('api-keys');
    expect(sectionOf('/admin/payment-links', '/admin').path).toBe('payment-links');
    expect(sectionOf('/payment/admin/billing/mtr_1', '/payment/admin').path).toBe('meters');
  });

  it('falls back to the first section', () => {
    expect(sectionOf('/payment/admin', '/payment/admin')).toBe(ADMIN_SECTIONS[0]);
    expect(sectionOf('/elsewhere', '/payment/admin')).toBe(ADMIN_SECTIONS[0]);
  });
});
