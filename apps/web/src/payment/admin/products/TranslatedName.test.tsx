// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { resources } from '../../../app/i18n/resources';
import { createI18n } from '../../../platform/i18n/createI18n';
import { TranslatedName } from './TranslatedName';

afterEach(cleanup);

type Product = Parameters<typeof TranslatedName>[0]['product'];
const team: Product = {
  name: 'Team plan',
  description: null,
  metadata: { translations: { zh: { name: '团队版' } } },
};

function renderIn(locale: 'en' | 'zh', product: Product = team) {
  render(
    <AppProviders i18n={createI18n(locale, resources)} queryClient={new QueryClient()}>
      <TranslatedName product={product} />
    </AppProviders>,
  );
}

describe('TranslatedName in the admin catalog', () => {
  it('tells a zh admin the name zh visitors see', () => {
    renderIn('zh');
    expect(screen.getByTestId('product-translated-name').textContent).toBe('使用此语言的访客看到“团队版”');
  });
  it('shows nothing in en, or for a product without a zh name', () => {
    renderIn('en');
    expect(screen.queryByTestId('product-translated-name')).toBeNull();
    renderIn('zh', { ...team, metadata: { translations: {} } });
    expect(screen.queryByTestId('product-translated-name')).toBeNull();
  });
});
