import type { NavigationConfig, NavigationItemInput } from '@payshelf/api';

/** A signed-in user without a passport has the role guest, so "every signed-in user" lists it too. */
const SIGNED_IN = ['owner', 'admin', 'member', 'developer', 'guest'];
const ADMINS = ['owner', 'admin'];

/** Joins a mount point ('/payment', or '/' at the root) and a path below it. */
function under(mountPoint: string, path: string): string {
  return mountPoint === '/' ? `/${path}` : `${mountPoint}/${path}`;
}

/**
 * The navigation a new install starts with (stored once, then edited by owners and admins): the store and
 * payment menus nested two levels deep with role-restricted branches, the footer groups, social and
 * bottom links, the session-manager tiles, and the user-centre entry that turns the notification bell on.
 */
export function defaultNavigation(paymentMount: string): NavigationConfig {
  const pay = (path: string) => under(paymentMount, path);
  const header: NavigationItemInput[] = [
    {
      id: 'store',
      title: { en: 'Store', zh: '商店' },
      icon: 'mdi:storefront-outline',
      items: [
        { id: 'store.browse', title: { en: 'Browse', zh: '浏览' }, link: '/', icon: 'mdi:apps' },
        { id: 'store.search', title: { en: 'Search', zh: '搜索' }, link: '/search', icon: 'mdi:magnify' },
        {
          id: 'store.developer',
          title: { en: 'Developer', zh: '开发者' },
          description: { en: 'Publish and manage your applications', zh: '发布和管理您的应用' },
          role: ['developer', ...ADMINS],
          items: [
            {
              id: 'store.developer.apps',
              title: { en: 'My applications', zh: '我的应用' },
              link: '/developer/blocklets',
            },
            {
              id: 'store.developer.tokens',
              title: { en: 'Access tokens', zh: '访问令牌' },
              link: '/developer/access-tokens',
            },
          ],
        },
        {
          id: 'store.console',
          title: { en: 'Console', zh: '控制台' },
          role: ADMINS,
          items: [
            {
              id: 'store.console.apps',
              title: { en: 'Applications', zh: '应用' },
              link: '/console/blocklets',
            },
            {
              id: 'store.console.categories',
              title: { en: 'Categories', zh: '分类' },
              link: '/console/categories',
            },
          ],
        },
      ],
    },
    {
      id: 'payment',
      title: { en: 'Payment', zh: '支付' },
      icon: 'mdi:credit-card-outline',
      items: [
        {
          id: 'payment.billing',
          title: { en: 'Billing', zh: '账单' },
          items: [
            {
              id: 'payment.billing.portal',
              title: { en: 'Billing overview', zh: '账单概览' },
              description: { en: 'Totals, subscriptions and recent invoices', zh: '合计、订阅和最近的发票' },
              link: pay('customer'),
            },
            {
              id: 'payment.billing.invoices',
              title: { en: 'Invoices', zh: '发票' },
              link: pay('customer/invoices'),
            },
            {
              id: 'payment.billing.subscriptions',
              title: { en: 'Subscriptions', zh: '订阅' },
              link: pay('customer/subscriptions'),
            },
          ],
        },
        {
          id: 'payment.admin',
          title: { en: 'Administration', zh: '管理' },
          role: ADMINS,
          items: [
            {
              id: 'payment.admin.overview',
              title: { en: 'Payment admin', zh: '支付管理' },
              link: pay('admin'),
            },
            {
              id: 'payment.admin.donations',
              title: { en: 'Donations', zh: '打赏' },
              link: pay('integrations/donations'),
            },
          ],
        },
      ],
    },
  ];
  const footer: NavigationItemInput[] = [
    {
      id: 'footer.store',
      title: { en: 'Applications', zh: '应用' },
      section: 'footer',
      items: [
        { id: 'footer.store.browse', title: { en: 'Browse', zh: '浏览' }, link: '/' },
        { id: 'footer.store.search', title: { en: 'Search', zh: '搜索' }, link: '/search' },
      ],
    },
    {
      id: 'footer.developers',
      title: { en: 'Developers', zh: '开发者' },
      section: 'footer',
      items: [
        {
          id: 'footer.developers.cli',
          title: { en: 'Connect the CLI', zh: '连接命令行' },
          link: '/connect-cli',
        },
        {
          id: 'footer.developers.keys',
          title: { en: 'Generate a key pair', zh: '生成密钥对' },
          link: '/gen-key-pair',
        },
      ],
    },
  ];
  const social: NavigationItemInput[] = [
    {
      id: 'social.github',
      title: 'GitHub',
      link: 'https://github.com',
      icon: 'mdi:github',
      section: 'social',
    },
    { id: 'social.x', title: 'X', link: 'https://x.com', icon: 'mdi:twitter', section: 'social' },
  ];
  const bottom: NavigationItemInput[] = [
    {
      id: 'bottom.contact',
      title: { en: 'Contact', zh: '联系我们' },
      link: 'mailto:support@example.com',
      section: 'bottom',
    },
  ];
  const sessionManager: NavigationItemInput[] = [
    {
      id: 'session.store',
      title: { en: 'Store', zh: '商店' },
      link: '/',
      icon: 'mdi:storefront-outline',
      role: SIGNED_IN,
      section: 'sessionManager',
    },
    {
      id: 'session.payment',
      title: { en: 'Payment', zh: '支付' },
      link: pay('customer'),
      icon: 'mdi:credit-card-outline',
      role: SIGNED_IN,
      section: 'sessionManager',
    },
    {
      id: 'session.dashboard',
      title: { en: 'Dashboard', zh: '控制台' },
      link: pay('admin'),
      icon: 'mdi:view-dashboard-outline',
      role: ADMINS,
      section: ['sessionManager', 'dashboard'],
    },
    {
      id: 'session.members',
      title: { en: 'Members', zh: '成员' },
      link: '/.well-known/service/admin/members',
      icon: 'mdi:account-multiple-outline',
      role: ADMINS,
      section: ['sessionManager', 'dashboard'],
    },
  ];
  const dashboard: NavigationItemInput[] = [
    {
      id: 'dashboard.analytics',
      title: { en: 'Page views', zh: '页面浏览量' },
      link: '/.well-known/service/admin/analytics',
      icon: 'mdi:chart-line',
      role: ADMINS,
      section: 'dashboard',
    },
  ];
  const userCenter: NavigationItemInput[] = [
    {
      id: '/userCenter/notification',
      title: { en: 'Notifications', zh: '通知' },
      link: '/.well-known/service/user/notifications',
      icon: 'mdi:bell-outline',
      section: 'userCenter',
    },
  ];
  return {
    items: [...header, ...footer, ...social, ...bottom, ...sessionManager, ...dashboard, ...userCenter],
    // After Store and Payment.
    productsItem: 2,
  };
}
