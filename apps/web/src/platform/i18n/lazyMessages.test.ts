import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from './createI18n';
import { coreResources } from '../../app/i18n/coreResources';
import { bindLazyMessages, withMessages, type MessageBundle } from './lazyMessages';

const extras: MessageBundle = {
  en: { payment: { extra: { hello: 'Hello' } } },
  zh: { payment: { extra: { hello: '你好' } } },
};

describe('translations loaded with their pages', () => {
  it('adds a page bundle to the app in both languages, next to the strings already bundled', async () => {
    const i18n = createI18n('en', coreResources);
    bindLazyMessages(i18n);
    let loads = 0;
    const loader = () => {
      loads += 1;
      return Promise.resolve(extras);
    };
    const [route] = withMessages(
      [{ path: '/x', children: [{ path: 'y', lazy: () => Promise.resolve({ element: null }) }] }],
      loader,
    ) as [RouteObject];
    const child = route.children?.[0];
    expect(i18n.exists('payment.extra.hello')).toBe(false);
    if (typeof child?.lazy !== 'function') throw new Error('the child route lost its lazy loader');
    await child.lazy();
    await child.lazy();
    expect(i18n.t('payment.extra.hello' as never)).toBe('Hello');
    expect(i18n.getFixedT('zh')('payment.extra.hello' as never)).toBe('你好');
    // The bundled checkout strings stay: the page bundle merges into the payment tree.
    expect(i18n.exists('payment.checkout.summary')).toBe(true);
    expect(loads).toBe(1);
  });

  it('bundles neither the store nor the payment admin with the app', () => {
    expect(Object.keys(coreResources.en.translation)).not.toContain('store');
    expect(Object.keys(coreResources.en.translation.payment)).not.toContain('admin');
    expect(Object.keys(coreResources.zh.translation.payment)).not.toContain('portal');
  });
});
