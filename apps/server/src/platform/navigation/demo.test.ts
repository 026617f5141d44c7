import { describe, expect, it } from 'vitest';
import { defaultNavigation } from './defaults.js';
import { withDemoLinks } from './demo.js';
import { navigationFor } from './filter.js';

const links = (items: { link?: string; items: { link?: string }[] }[]) =>
  items.flatMap((i) => [i.link, ...i.items.map((c) => c.link)]).filter(Boolean);

describe('demo links in the navigation (test-mode demo data)', () => {
  it('puts the demo page in the payment menu for everyone and in the footer for owners and admins', () => {
    const items = withDemoLinks(defaultNavigation('/payment').items, '/payment');
    const guest = navigationFor(items, new Set(['guest']));
    const payment = guest.header.find((i) => i.id === 'payment');
    expect(payment?.items.map((i) => i.link)).toContain('/payment/demo');
    expect(links(guest.footer)).not.toContain('/payment/demo');
    const owner = navigationFor(items, new Set(['owner']));
    expect(links(owner.footer)).toContain('/payment/demo');
  });

  it('adds nothing when the stored navigation already links the demo page, and follows the mount point', () => {
    const once = withDemoLinks(defaultNavigation('/').items, '/');
    expect(withDemoLinks(once, '/')).toBe(once);
    const owner = navigationFor(once, new Set(['admin']));
    expect(links(owner.footer)).toContain('/demo');
  });
});
