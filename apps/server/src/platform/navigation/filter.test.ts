import { navigationConfig, type NavigationItemInput } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import { filterByRole, isVisibleTo, navigationFor, normalizeItem } from './filter.js';

const roles = (...r: string[]) => new Set(r);
const ids = (items: Array<{ id: string; items: Array<{ id: string }> }>) => items.map((i) => i.id);

const tree: NavigationItemInput[] = [
  { id: 'open', title: 'Open', link: '/' },
  { id: 'admins', title: 'Admins', link: '/admin', role: ['admin', 'owner'] },
  { id: 'everyone', title: 'Everyone', link: '/e', role: ['guest'] },
  { id: 'dev', title: 'Dev', link: '/dev', role: 'developer' },
  {
    id: 'group',
    title: { en: 'Group', zh: '组' },
    items: [
      { id: 'group.admin', title: 'Admin only', link: '/g/a', role: ['admin'] },
      {
        id: 'group.deep',
        title: 'Deep',
        items: [{ id: 'group.deep.owner', title: 'Owner only', link: '/g/d/o', role: ['owner'] }],
      },
    ],
  },
  { id: 'footer', title: 'Footer', link: '/f', section: ['footer', 'bottom'] },
];

describe('isVisibleTo', () => {
  it('shows items without roles to everyone and role lists only to their roles or when guest is listed', () => {
    expect(isVisibleTo({}, roles('guest'))).toBe(true);
    expect(isVisibleTo({ role: [] }, roles('guest'))).toBe(true);
    expect(isVisibleTo({ role: ['admin'] }, roles('guest'))).toBe(false);
    expect(isVisibleTo({ role: ['admin'] }, roles('admin'))).toBe(true);
    expect(isVisibleTo({ role: ['guest', 'admin'] }, roles('member'))).toBe(true);
    // Exact match, never a substring match (the reference's string `includes` bug).
    expect(isVisibleTo({ role: ['administrator'] }, roles('admin'))).toBe(false);
  });
});

describe('filterByRole', () => {
  const normalized = tree.map((i) => normalizeItem(i));

  it('gives a guest only open items and drops parents whose children are all hidden', () => {
    expect(ids(filterByRole(normalized, roles('guest')))).toEqual(['open', 'everyone', 'footer']);
  });

  it('keeps a nested parent for the role of a deep child and prunes its other branches', () => {
    const owner = filterByRole(normalized, roles('owner'));
    const group = owner.find((i) => i.id === 'group');
    expect(ids(owner)).toEqual(['open', 'admins', 'everyone', 'group', 'footer']);
    expect(group?.items.map((i) => i.id)).toEqual(['group.deep']);
    expect(group?.items[0]?.items.map((i) => i.id)).toEqual(['group.deep.owner']);
  });

  it('lets several roles combine', () => {
    const both = filterByRole(normalized, roles('admin', 'developer'));
    expect(ids(both)).toEqual(['open', 'admins', 'everyone', 'dev', 'group', 'footer']);
    expect(both.find((i) => i.id === 'group')?.items.map((i) => i.id)).toEqual(['group.admin']);
  });

  it('does not change its input', () => {
    const before = JSON.stringify(normalized);
    filterByRole(normalized, roles('guest'));
    expect(JSON.stringify(normalized)).toBe(before);
  });
});

describe('navigationFor', () => {
  it('groups by section, defaults to header, lists items in every section they name', () => {
    const sections = navigationFor(tree, roles('member'));
    expect(sections.header.map((i) => i.id)).toEqual(['open', 'everyone']);
    expect(sections.footer.map((i) => i.id)).toEqual(['footer']);
    expect(sections.bottom.map((i) => i.id)).toEqual(['footer']);
    expect(sections.social).toEqual([]);
    expect(sections.header[0]?.section).toEqual(['header']);
  });

  it('normalises a string role to a list and gives children their parent section', () => {
    const dev = normalizeItem({
      id: 'x',
      title: 'X',
      role: 'developer',
      section: 'dashboard',
      items: [{ id: 'y', title: 'Y', link: '/y' }],
    });
    expect(dev.role).toEqual(['developer']);
    expect(dev.items[0]?.section).toEqual(['dashboard']);
  });
});

describe('navigationConfig validation', () => {
  const param = (value: unknown) => {
    const r = navigationConfig.safeParse(value);
    return r.success ? null : r.error.issues[0]?.path.join('.');
  };

  it('accepts the example tree', () => {
    expect(param({ items: tree })).toBeNull();
    expect(navigationConfig.parse({ items: tree }).productsItem).toBeNull();
  });

  it('names the offending field', () => {
    expect(param({ items: [{ id: 'a', title: 'A', link: 'javascript:alert(1)' }] })).toBe('items.0.link');
    expect(param({ items: [{ id: 'a', title: 'A' }] })).toBe('items.0.link');
    expect(param({ items: [{ id: 'a', title: {}, link: '/' }] })).toBe('items.0.title');
    expect(param({ items: [{ id: 'a', title: 'A', link: '/', section: 'sidebar' }] })).toBe(
      'items.0.section',
    );
    expect(param({ items: [{ id: 'a', title: 'A', link: '/', children: [] }] })).toBe('items.0');
    expect(
      param({
        items: [
          { id: 'a', title: 'A', link: '/' },
          { id: 'b', title: 'B', items: [{ id: 'a', title: 'A2', link: '/2' }] },
        ],
      }),
    ).toBe('items.1.items.0.id');
  });

  it('refuses trees nested too deep', () => {
    let item: NavigationItemInput = { id: 'leaf', title: 'Leaf', link: '/' };
    for (let i = 0; i < 8; i += 1) item = { id: `n${i}`, title: 'N', items: [item] };
    expect(param({ items: [item] })).toMatch(/^items(\.\d+\.items)*(\.\d+)?$/);
  });

  it('refuses bodies nested thousands of levels deep without overflowing the stack', () => {
    const n = 5000;
    const body = `{"items":[${'{"id":"n","title":"N","items":['.repeat(n)}{"id":"x","title":"X","link":"/"}${']}'.repeat(n)}]}`;
    expect(param(JSON.parse(body))).toBe('items');
  });
});
