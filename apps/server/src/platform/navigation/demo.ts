import type { NavigationItemInput } from '@payshelf/api';

/** Joins a mount point ('/payment', or '/' at the root) and a path below it. */
function under(mountPoint: string, path: string): string {
  return mountPoint === '/' ? `/${path}` : `${mountPoint}/${path}`;
}

/**
 * The demo page's links while the install runs with test-mode demo data (DEMO_DATA): an entry in the
 * payment menu (id 'payment') for everyone, and a footer group for the owner and admins. Added when the
 * navigation is read, so they follow the setting and never stay behind in the stored navigation; left
 * out when the stored navigation already links the demo page or has no payment menu.
 */
export function withDemoLinks(items: NavigationItemInput[], paymentMount: string): NavigationItemInput[] {
  const demo = under(paymentMount, 'demo');
  const links = (list: NavigationItemInput[]): boolean =>
    list.some((i) => i.link === demo || links(i.items ?? []));
  if (links(items)) return items;
  const title = { en: 'Demo payments', zh: '演示支付' };
  const description = { en: 'Try test-mode checkouts of every kind', zh: '体验各类测试模式下的结账' };
  const withMenu = items.map((item) =>
    item.id === 'payment'
      ? {
          ...item,
          items: [
            ...(item.items ?? []),
            { id: 'payment.demo', title, description, link: demo, icon: 'mdi:flask-outline' },
          ],
        }
      : item,
  );
  const footer: NavigationItemInput = {
    id: 'footer.demo',
    title: { en: 'Test mode', zh: '测试模式' },
    section: 'footer',
    role: ['owner', 'admin'],
    items: [{ id: 'footer.demo.page', title, link: demo }],
  };
  return [...withMenu, footer];
}
