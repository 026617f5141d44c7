// @vitest-environment happy-dom
import { configure, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubEmptyStore, unstubStore } from '../testing/storeStub';
import { renderRoutes } from '../testing/renderRoutes';

// Store pages fetch the catalogue: an empty one, pages preloaded.
beforeEach(stubEmptyStore);
// Lazy pages can take a few seconds to first render on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(unstubStore);

afterEach(cleanup);

const navigation = {
  sections: {
    header: [
      {
        id: 'store',
        title: { en: 'Store', zh: '商店' },
        section: ['header'],
        items: [
          { id: 'browse', title: { en: 'Browse', zh: '浏览' }, link: '/', section: ['header'], items: [] },
          {
            id: 'dev',
            title: { en: 'Developer', zh: '开发者' },
            section: ['header'],
            items: [
              {
                id: 'dev.tokens',
                title: { en: 'Access tokens', zh: '访问令牌' },
                link: '/search',
                section: ['header'],
                items: [],
              },
            ],
          },
          {
            id: 'console',
            title: 'Console',
            role: ['owner'],
            section: ['header'],
            items: [
              {
                id: 'console.apps',
                title: 'Apps',
                link: '/console/blocklets',
                section: ['header'],
                items: [],
              },
            ],
          },
        ],
      },
      { id: 'docs', title: 'Docs', link: 'https://docs.example.com', section: ['header'], items: [] },
    ],
    footer: [
      {
        id: 'f',
        title: 'More',
        section: ['footer'],
        items: [{ id: 'f.cli', title: 'CLI', link: '/connect-cli', section: ['footer'], items: [] }],
      },
    ],
  },
  branding: { appName: 'Payshelf', logos: null, productsItem: 1 },
};

describe('Header', () => {
  it('draws nested menus at every depth, with ?locale= on leaf links and roles filtered', async () => {
    renderRoutes('/search', { navigation });
    await screen.findByTestId('page-search');
    const header = screen.getByTestId('app-header');
    const store = within(header).getByRole('button', { name: 'Store' });
    fireEvent.click(store);
    expect(screen.queryByText('Console')).toBeNull();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Developer' }));
    const tokens = await screen.findByRole('menuitem', { name: 'Access tokens' });
    expect(tokens.getAttribute('href')).toBe('/search?locale=en');
    expect(tokens.getAttribute('aria-current')).toBe('page');
  });

  it('shows role-restricted items to that role only', async () => {
    renderRoutes('/', {
      navigation,
      session: {
        initialized: true,
        user: { did: 'z1owner', role: 'owner', fullName: 'Olive', avatar: undefined },
      },
    });
    await screen.findByTestId('page-home');
    fireEvent.click(within(screen.getByTestId('app-header')).getByRole('button', { name: 'Store' }));
    expect(await screen.findByRole('menuitem', { name: 'Console' })).toBeTruthy();
  });

  it('opens external links in a new tab and translates titles', async () => {
    renderRoutes('/', { navigation, locale: 'zh' });
    await screen.findByTestId('page-home');
    const header = screen.getByTestId('app-header');
    expect(within(header).getByRole('button', { name: '商店' })).toBeTruthy();
    const docs = within(header).getByRole('link', { name: 'Docs' });
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('href')).toBe('https://docs.example.com?locale=zh');
  });

  it('inserts Products at the configured index and opens the four groups', async () => {
    renderRoutes('/', { navigation, locale: 'zh' });
    await screen.findByTestId('page-home');
    const buttons = within(screen.getByTestId('header-nav'))
      .getAllByRole('button')
      .concat(within(screen.getByTestId('header-nav')).getAllByRole('link'));
    expect(buttons.some((b) => b.textContent === '产品')).toBe(true);
    fireEvent.click(screen.getAllByTestId('nav-products')[0] as HTMLElement);
    const panel = await screen.findByTestId('products-panel');
    expect(within(panel).getAllByTestId('products-group')).toHaveLength(4);
    expect(within(panel).getAllByTestId('products-entry')).toHaveLength(20);
    expect(panel.textContent).toContain('计算/存储');
    const store = within(panel).getByRole('link', { name: /Blocklet Store/ });
    expect(store.getAttribute('href')).toBe('https://store.blocklet.dev/?locale=zh');
    expect(store.getAttribute('target')).toBe('_blank');
  });

  it('renders the footer groups and hides header and footer in embedded mode', async () => {
    renderRoutes('/', { navigation });
    await screen.findByTestId('page-home');
    expect(within(screen.getByTestId('app-footer')).getByRole('link', { name: 'CLI' })).toBeTruthy();
    cleanup();
    renderRoutes('/?embed=1', { navigation });
    await screen.findByTestId('page-home');
    expect(screen.queryByTestId('app-header')).toBeNull();
    expect(screen.queryByTestId('app-footer')).toBeNull();
    sessionStorage.clear();
  });
});
