import { Box, Card, Chip, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HEADER_SESSION_QUERY_KEY } from '../../../platform/session/useHeaderSession';
import { LazyDidConnectDialog } from '../../../platform/auth/LazyDidConnect';
import type { CheckoutSessionData, CheckoutView } from '../logic/api';
import { isBusy } from '../logic/checkoutMachine';
import { changesSavedDetails, submitBody, type FormValues } from '../logic/formValues';
import { fieldRules, formPurpose } from '../logic/validation';
import { injectedProvider } from '../logic/ethereum';
import { useCheckoutForm } from '../useCheckoutForm';
import type { CheckoutData } from '../useCheckoutData';
import { SHAKE_MS, usePayFlow } from '../usePayFlow';
import { useSessionChanges } from '../useSessionChanges';
import { CheckoutComplete } from './CheckoutComplete';
import { CheckoutMessage } from './CheckoutStates';
import { CompactTotal } from './CompactTotal';
import { CurrencyCards } from './CurrencyCards';
import { CancelButton } from './donation/CancelButton';
import { DonationSummary } from './donation/DonationSummary';
import { useDonationDisabled } from './donation/useDonationDisabled';
import { DonationEnableBar, useDonationGate } from '../../admin/donations/DonationEnableBar';
import { usePromotionCode } from '../discount/usePromotionCode';
import { OrderSummary } from './OrderSummary';
import { PayDialogs } from './PayDialogs';
import { PaymentForm } from './PaymentForm';
import { ReplaceDetailsDialog } from './ReplaceDetailsDialog';

export type CheckoutMode = 'standalone' | 'inline' | 'minimal';

/** Summary card 582 px + 32 px gap + payment column 502 px + 2 x 24 px padding (SPEC §2). */
const CHECKOUT_MAX_WIDTH = 582 + 32 + 502 + 48;

interface CheckoutReadyProps {
  data: CheckoutData;
  view: CheckoutView;
  mode: CheckoutMode;
  hideSummary: boolean;
  testId: string;
}

function actionKey(session: CheckoutSessionData) {
  if (session.submit_type === 'donate') return 'donate' as const;
  if (session.mode === 'subscription') return 'subscribe' as const;
  if (session.mode === 'setup') return 'setup' as const;
  return 'pay' as const;
}

/** The two-sided checkout: order summary (max 582 px) and payment column (max 502 px). */
export function CheckoutReady({ data, view, mode, hideSummary, testId }: CheckoutReadyProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const queryClient = useQueryClient();
  const form = useCheckoutForm(data.api, view);
  const { session, choice } = form;
  const changes = useSessionChanges(
    data.api,
    session.id,
    data.setSession,
    choice?.currency.id ?? session.currency_id,
  );
  const promotion = usePromotionCode(data.api, session.id, data.setSession);
  const [shaking, setShaking] = useState(false);
  const [crossSellMissing, setCrossSellMissing] = useState(false);
  const shakeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onShake = useCallback(() => {
    setShaking(true);
    setCrossSellMissing(true);
    clearTimeout(shakeTimer.current);
    shakeTimer.current = setTimeout(() => setShaking(false), SHAKE_MS);
  }, []);
  useEffect(() => () => clearTimeout(shakeTimer.current), []);
  const { setSession } = data;
  const onPaid = useCallback((paid: CheckoutView) => setSession(paid.checkoutSession), [setSession]);
  const flow = usePayFlow(data.api, session.id, onPaid, onShake);
  const [login, setLogin] = useState<FormValues | null>(null);
  const [replaceAsk, setReplaceAsk] = useState<FormValues | null>(null);
  const donationOff = useDonationDisabled();
  const gate = useDonationGate(
    data.mountPoint,
    session.submit_type === 'donate' ? view.paymentLink?.id : undefined,
    session.livemode,
  );

  if (session.status === 'complete' || flow.state.status === 'paid') {
    const message = view.paymentLink?.after_completion.hosted_confirmation?.custom_message ?? null;
    return (
      <Box data-testid={testId} sx={{ maxWidth: 582, mx: 'auto', px: 2 }}>
        <CheckoutComplete
          session={session}
          mountPoint={data.mountPoint}
          message={message}
          currency={choice?.currency ?? null}
        />
      </Box>
    );
  }
  if (form.expired) return <CheckoutMessage testId={testId} kind="expired" />;
  if (donationOff || gate.refused)
    return <CheckoutMessage testId={testId} kind="error" error={t('payment.checkout.donation.notEnabled')} />;
  if (session.line_items.length === 0) return <CheckoutMessage testId={testId} kind="empty" />;
  if (!choice)
    return <CheckoutMessage testId={testId} kind="error" error={t('payment.checkout.form.noCurrency')} />;

  const donation = session.submit_type === 'donate';
  const busy = isBusy(flow.state) || changes.busy || promotion.busy;
  const bodyOf = (values: FormValues) =>
    submitBody(values, {
      phone: session.phone_number_collection.enabled,
      address: form.address,
      methodId: choice.method.id,
      currencyId: choice.currency.id,
    });
  const pay = (values: FormValues, customerUpdate?: 'keep' | 'replace') =>
    flow.submit(
      { ...bodyOf(values), ...(customerUpdate ? { customer_update: customerUpdate } : {}) },
      { credit: choice.currency.type === 'credit', donation },
    );
  // The typed details always belong to this checkout and its invoice; the account's saved ones change
  // only when the customer says so: a signed-in customer ticks "Save these details to my account" (off
  // by default), a visitor who signs in during "Connect and pay" is asked when they differ.
  const payAsked = (values: FormValues) =>
    void data.api.savedCustomer().then((saved) => {
      if (changesSavedDetails(saved, bodyOf(values))) setReplaceAsk(values);
      else pay(values);
    });
  const onPay = (values: FormValues, save: boolean) => {
    if (!form.user && !donation) setLogin(values);
    else pay(values, form.user && save ? 'replace' : undefined);
  };
  // Whole phrases, not a translated verb put into a sentence: casing and word order differ by language.
  const label =
    !form.user && !donation
      ? t(`payment.checkout.form.connectAnd.${actionKey(session)}`)
      : t(`payment.checkout.form.${actionKey(session)}`);
  // A donation's amount is chosen on the summary side, so it shows in every mode.
  const showSummary = (mode !== 'minimal' && !hideSummary) || donation;

  return (
    <Box
      data-testid={testId}
      sx={{
        maxWidth: CHECKOUT_MAX_WIDTH,
        mx: 'auto',
        px: { xs: 2, sm: 3 },
        py: mode === 'standalone' ? 4 : 1,
      }}
    >
      {!session.livemode ? (
        <Chip
          size="small"
          color="warning"
          label={t('payment.checkout.livemode.test')}
          data-testid="checkout-test-mode"
          sx={{ mb: 2 }}
        />
      ) : null}
      <h1 style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t('payment.checkout.title')}
      </h1>
      {donation ? (
        <DonationEnableBar gate={gate} linkSettings={view.paymentLink?.donation_settings ?? null} />
      ) : null}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={4}
        sx={{ justifyContent: 'center', alignItems: { md: 'flex-start' } }}
      >
        {showSummary ? (
          <Card
            variant="outlined"
            data-testid="checkout-summary-card"
            sx={{ flex: 1, maxWidth: { md: 582 }, width: '100%', p: { xs: 2, sm: 3 } }}
          >
            {donation ? (
              <DonationSummary
                api={data.api}
                key={`${choice.currency.id}:${form.user?.did ?? ''}`}
                session={session}
                settings={view.paymentLink?.donation_settings ?? null}
                currency={choice.currency}
                total={form.amounts.total}
                locale={locale}
                userDid={form.user?.did}
                disabled={busy}
                setSession={data.setSession}
                onAmountValidity={form.setAmountValid}
              />
            ) : (
              <OrderSummary
                session={session}
                currency={choice.currency}
                amounts={form.amounts}
                totals={form.totals}
                promotion={session.allow_promotion_codes ? promotion : null}
                trial={form.trial}
                locale={locale}
                changes={changes}
                crossSell={form.crossSell}
                shaking={shaking}
                crossSellMissing={crossSellMissing}
                collapsible={mobile && session.line_items.length >= 3}
                disabled={busy}
                onAmountValidity={form.setAmountValid}
              />
            )}
          </Card>
        ) : null}
        <Box data-testid="checkout-payment-column" sx={{ flex: 1, maxWidth: { md: 502 }, width: '100%' }}>
          {showSummary ? null : (
            <CompactTotal total={form.totals.total} currency={choice.currency} locale={locale} />
          )}
          <PaymentForm
            initial={form.initial}
            rules={fieldRules(session.metadata)}
            phone={session.phone_number_collection.enabled}
            address={form.address}
            purpose={formPurpose(session.metadata, locale)}
            locale={locale}
            busy={busy}
            payable={form.payable}
            label={label}
            onPay={onPay}
            offerSave={Boolean(form.user)}
            secondaryAction={
              donation ? (
                <CancelButton
                  sessionId={session.id}
                  cancelUrl={session.cancel_url}
                  embedded={mode !== 'standalone'}
                  disabled={isBusy(flow.state)}
                />
              ) : undefined
            }
            currencyCards={
              <CurrencyCards
                choices={form.choices}
                value={choice.currency.id}
                disabled={busy}
                onChange={form.pickCurrency}
              />
            }
          />
        </Box>
      </Stack>
      <PayDialogs
        flow={flow}
        currency={choice.currency}
        locale={locale}
        sessionId={session.id}
        userDid={form.user?.did}
        mountPoint={data.mountPoint}
        api={data.api}
        livemode={session.livemode}
        hasBrowserWallet={injectedProvider(window) !== null}
      />
      <LazyDidConnectDialog
        open={login !== null}
        action="login"
        onClose={() => setLogin(null)}
        onApproved={() => {
          const values = login;
          setLogin(null);
          void queryClient.invalidateQueries({ queryKey: HEADER_SESSION_QUERY_KEY });
          if (values) payAsked(values);
        }}
      />
      <ReplaceDetailsDialog
        open={replaceAsk !== null}
        onClose={() => setReplaceAsk(null)}
        onKeep={() => {
          if (replaceAsk) pay(replaceAsk, 'keep');
          setReplaceAsk(null);
        }}
        onReplace={() => {
          if (replaceAsk) pay(replaceAsk, 'replace');
          setReplaceAsk(null);
        }}
      />
    </Box>
  );
}
