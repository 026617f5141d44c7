import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHeaderSession } from '../../platform/session/useHeaderSession';
import type { CheckoutApi, CheckoutView } from './logic/api';
import { addressMode, initialValues } from './logic/formValues';
import { summaryTotals } from './logic/adjustments';
import { amountsFor, trialFor } from './logic/lines';
import { chooseCurrency, readPreferredCurrency, writePreferredCurrency } from './logic/preferredCurrency';
import { quantityChip } from './logic/quantity';
import { currencyChoices } from './components/CurrencyCards';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** What the ready checkout derives from its view: currency, amounts, prefill, payable. */
export function useCheckoutForm(api: CheckoutApi, view: CheckoutView) {
  const session = view.checkoutSession;
  const [params] = useSearchParams();
  const { user } = useHeaderSession();
  const choices = useMemo(() => currencyChoices(view.paymentMethods), [view.paymentMethods]);
  const [picked, setPicked] = useState<string | null>(null);
  const available = choices.map((c) => c.currency.id);
  const currencyId =
    picked && available.includes(picked)
      ? picked
      : chooseCurrency(available, {
          query: params.get('currencyId'),
          preferred: readPreferredCurrency(storage(), user?.did),
          session: session.currency_id,
        });
  const choice = choices.find((c) => c.currency.id === currencyId) ?? null;
  const pickCurrency = (id: string) => {
    setPicked(id);
    writePreferredCurrency(storage(), user?.did, id);
  };

  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const amounts = useMemo(
    () => (currencyId ? amountsFor(session, currencyId, now) : { lines: [], total: null }),
    [session, currencyId, now],
  );
  // Discount and tax lines with the server's exact total (the browser's only when there are none).
  const totals = useMemo(
    () => summaryTotals(session, currencyId, amounts.total),
    [session, currencyId, amounts.total],
  );
  const trial = currencyId ? trialFor(session, currencyId, now) : null;

  const me = useQuery({
    queryKey: ['payment', 'checkout', 'me', user?.did ?? 'guest', session.livemode],
    queryFn: () => api.me(),
    enabled: Boolean(user),
    staleTime: 60_000,
  });
  const meData = me.data ?? null;
  const initial = useMemo(() => initialValues(meData, session), [meData, session]);

  const crossSell = useQuery({
    queryKey: ['payment', 'checkout', 'cross-sell', session.id],
    queryFn: () => api.crossSellOffer(session.id),
    staleTime: Infinity,
  });

  const [amountValid, setAmountValid] = useState(true);
  const chips = session.line_items.some((line) => quantityChip(line) !== null);
  const payable = Boolean(choice) && amounts.total !== null && !chips && amountValid;
  const expired = session.status === 'expired' || (session.status === 'open' && session.expires_at < now);

  return {
    session,
    user,
    choices,
    choice,
    pickCurrency,
    amounts,
    totals,
    trial,
    initial,
    crossSell: crossSell.data ?? null,
    payable,
    setAmountValid,
    expired,
    address: addressMode(session, choice?.method),
  };
}
