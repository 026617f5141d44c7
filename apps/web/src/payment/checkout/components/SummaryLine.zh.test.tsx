// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { Product } from '@payshelf/api';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { resources } from '../../../app/i18n/resources';
import { createI18n } from '../../../platform/i18n/createI18n';
import { fakeCurrency } from '../../portal/logic/testFixtures';
import { fakeLine, fakePrice } from '../logic/testFixtures';
import type { SessionChanges } from '../useSessionChanges';
import { SummaryLine } from './SummaryLine';

afterEach(cleanup);

const changes: SessionChanges = {
  busy: false,
  setQuantity: () => undefined,
  toggleUpsell: () => undefined,
  addCrossSell: () => undefined,
  removeCrossSell: () => undefined,
  setAmount: () => undefined,
};

const product: Product = {
  id: 'prod_aaaaaaaa',
  object: 'product',
  livemode: false,
  active: true,
  name: 'Team plan',
  description: null,
  images: [],
  type: 'service',
  unit_label: null,
  statement_descriptor: null,
  features: [],
  cross_sell: null,
  metadata: { translations: { zh: { name: '团队版' } } },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function renderLine(locale: 'en' | 'zh') {
  render(
    <AppProviders i18n={createI18n(locale, resources)} queryClient={new QueryClient()}>
      <SummaryLine
        line={fakeLine({ price: fakePrice({ product }) })}
        amount={1_500_000n}
        currency={fakeCurrency()}
        locale={locale}
        changes={changes}
        disabled={false}
        onAmountValidity={() => undefined}
      />
    </AppProviders>,
  );
}

describe('SummaryLine product name by locale', () => {
  it('shows the zh name from the product translations to a zh visitor', () => {
    renderLine('zh');
    expect(screen.getByText('团队版')).toBeTruthy();
    expect(screen.queryByText('Team plan')).toBeNull();
  });

  it('shows the product name to an en visitor', () => {
    renderLine('en');
    expect(screen.getByText('Team plan')).toBeTruthy();
  });
});
