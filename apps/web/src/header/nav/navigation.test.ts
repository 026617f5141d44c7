import { describe, expect, it } from 'vitest';
import {
  containsId,
  filterByRole,
  findActiveId,
  isExternalLink,
  localizeItems,
  localizeText,
  withLocaleParam,
} from './navigation';
import type { NavItem } from './navTypes';
import { groupBySection, parseNavItems } from './parseNavigation';

const item = (id: string, extra: Partial<NavItem> = {}): NavItem => ({
  id,
  title: id,
  link: `/${id}`,
  role: [],
  section: ['header'],
  items: [],
  ...extra,
});

describe('parseNavItems', () => {
  it('turns role and section strings into lists, defaults the section and drops empty items', () => {
    const items = parseNavItems([
      { id: 'a', title: 'A', link: '/a', role: 'admin' },
      { id: 'b', title: { en: 'B', zh: '乙' }, link: '/b', section: ['footer', 'social'] },
      { id: 'c', title: 'C' },
      { title: 'D', items: [{ title: 'D1', link: '/d1' }] },
      { link: '/no-title' },
      'junk',
    ]);
    expect(items.map((i) => i.id)).toEqual(['a', 'b', '/3']);
    expect(items[0]?.role).toEqual(['admin']);
    expect(items[0]?.section).toEqual(['header']);
    expect(items[1]?.section).toEqual(['footer', 'social']);
    expect(items[2]?.items[0]?.id).toBe('/3/0');
  });

  it('groups items by every section they name', () => {
    const sections = groupBySection(
      parseNavItems([{ id: 'x', title: 'X', link: '/x', section: ['footer', 'bottom'] }]),
    );
    expect(sections.footer).toHaveLength(1);
    expect(sections.bottom).toHaveLength(1);
    expect(sections.header).toHaveLength(0);
  });
});

describe('filterByRole', () => {
  const tree = [
    item('public'),
    item('admins', { role: ['admin', 'owner'] }),
    item('guests', { role: ['guest'] }),
    item('group', { link: undefined, items: [item('deep', { role: ['owner'] })] }),
    item('nested', { items: [item('l2', { items: [item('l3', { role: ['admin'] }), item('l3b')] })] }),
  ];

  it('keeps role-free items and lists including the role or guest', () => {
    expect(filterByRole(tree, undefined).map((i) => i.id)).toEqual(['public', 'guests', 'nested']);
    expect(filterByRole(tree, 'admin').map((i) => i.id)).toEqual(['public', 'admins', 'guests', 'nested']);
    expect(filterByRole(tree, 'owner').map((i) => i.id)).toEqual([
      'public',
      'admins',
      'guests',
      'group',
      'nested',
    ]);
  });

  it('filters at every depth and drops parents without a visible child', () => {
    const guest = filterByRole(tree, 'guest');
    expect(guest.find((i) => i.id === 'nested')?.items[0]?.items.map((i) => i.id)).toEqual(['l3b']);
    const admin = filterByRole(tree, 'admin');
    expect(admin.find((i) => i.id === 'nested')?.items[0]?.items.map((i) => i.id)).toEqual(['l3', 'l3b']);
  });
});

describe('localisation', () => {
  it('resolves a per-locale text with fallback to en and then the first value', () => {
    expect(localizeText('Plain', 'zh')).toBe('Plain');
    expect(localizeText({ en: 'Docs', zh: '文档' }, 'zh')).toBe('文档');
    expect(localizeText({ en: 'Docs' }, 'zh')).toBe('Docs');
    expect(localizeText({ ja: 'ドキュメント' }, 'en')).toBe('ドキュメント');
  });

  it('adds ?locale= to leaf links only, keeping queries and hashes, never to mailto', () => {
    expect(withLocaleParam('/docs', 'zh')).toBe('/docs?locale=zh');
    expect(withLocaleParam('/docs?a=1&locale=en#top', 'zh')).toBe('/docs?a=1&locale=zh#top');
    expect(withLocaleParam('https://x.io/p', 'en')).toBe('https://x.io/p?locale=en');
    expect(withLocaleParam('mailto:a@b.c', 'en')).toBe('mailto:a@b.c');
    const [parent] = localizeItems([item('p', { items: [item('c')] })], 'zh');
    expect(parent?.link).toBe('/p');
    expect(parent?.items[0]?.link).toBe('/c?locale=zh');
  });

  it('marks absolute and protocol-relative links external', () => {
    expect(isExternalLink('https://a.io')).toBe(true);
    expect(isExternalLink('//cdn.io/x')).toBe(true);
    expect(isExternalLink('/local')).toBe(false);
    const [ext] = localizeItems([item('e', { link: 'http://e.io' })], 'en');
    expect(ext?.external).toBe(true);
  });
});

describe('findActiveId', () => {
  const items = localizeItems(
    [
      item('home', { link: '/' }),
      item('store', {
        link: '/store',
        items: [item('apps', { link: '/store/apps' }), item('tools', { link: '/store/apps' })],
      }),
      item('storefront', { link: '/storefront' }),
      item('ext', { link: 'https://x.io/store/apps/1' }),
    ],
    'en',
  );

  it('picks the longest matching path, the earlier one on a tie', () => {
    expect(findActiveId(items, '/store/apps/1')).toBe('apps');
    expect(findActiveId(items, '/store/other')).toBe('store');
    expect(findActiveId(items, '/storefront/')).toBe('storefront');
    expect(findActiveId(items, '/')).toBe('home');
  });

  it('highlights the root item on the home page only (not on sign-in, analytics or members)', () => {
    expect(findActiveId(items, '/elsewhere')).toBeUndefined();
    expect(findActiveId(items, '/login')).toBeUndefined();
    expect(findActiveId(items, '/analytics')).toBeUndefined();
    expect(findActiveId(items, '/members/')).toBeUndefined();
    expect(findActiveId(items, '/')).toBe('home');
  });

  it('never matches a link outside another part on a page inside it', () => {
    const withPayment = localizeItems(
      [item('home', { link: '/' }), item('pastDue', { link: '/payment/customer/invoice/past-due' })],
      'en',
    );
    expect(findActiveId(withPayment, '/payment/customer/invoice/in_1', ['/payment'])).toBeUndefined();
    expect(findActiveId(withPayment, '/payment/customer/invoice/past-due', ['/payment/'])).toBe('pastDue');
    expect(findActiveId(withPayment, '/', ['/payment'])).toBe('home');
    expect(findActiveId(withPayment, '/paymentsx', ['/payment'])).toBeUndefined();
  });

  it('lets a parent contain its active descendant', () => {
    const store = items[1];
    expect(store && containsId(store, 'apps')).toBe(true);
    expect(store && containsId(store, 'home')).toBe(false);
  });
});
