import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { Box, Button, Stack, Typography, keyframes } from '@mui/material';
import type { PaymentCurrency } from '@payshelf/api';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { atMountPoint } from '../../paths';
import type { CheckoutSessionData } from '../logic/api';
import { webUrl } from '../logic/safeUrl';
import { takeTopUpReturn } from '../logic/topUpReturn';
import { useCheckoutSlots } from '../slots';

const pop = keyframes`
  0% { transform: scale(0.3); opacity: 0; }
  60% { transform: scale(1.15); opacity: 1; }
  100% { transform: scale(1); }
`;

/** Seconds the success screen shows before going to success_url. */
export const SUCCESS_REDIRECT_MS = 3_000;

interface CheckoutCompleteProps {
  session: CheckoutSessionData;
  mountPoint: string;
  message?: string | null;
  /** The currency paid in; with it a subscription checkout offers the allowance renewals pull from. */
  currency?: Pick<PaymentCurrency, 'decimal' | 'symbol' | 'maximum_precision'> | null;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The merchant's message, unless it only repeats the title ("Thank you!" under "Thank you…"). */
function descriptionOf(title: string, message: string | null | undefined): string | null {
  if (!message?.trim()) return null;
  return words(title).startsWith(words(message)) ? null : message;
}

/**
 * The completed screen: a success animation, links to the subscription or invoice, then success_url
 * (only an http(s) address: anything else, such as `javascript:`, is never followed). A subscription
 * whose renewals no allowance covers yet (a trial asks for no wallet step at checkout) is offered the
 * grant here, in words, as on its portal page.
 */
export function CheckoutComplete({ session, mountPoint, message, currency }: CheckoutCompleteProps) {
  const { t } = useTranslation();
  const { Allowance: AllowancePanel } = useCheckoutSlots();
  // A credit top-up opened from an insufficient-credit dialog goes back there, before any success_url.
  const [topUpReturn] = useState(() =>
    typeof window === 'undefined' ? null : takeTopUpReturn(window.sessionStorage, session.payment_link_id),
  );
  const successUrl = topUpReturn ?? webUrl(session.success_url);
  const donation = session.submit_type === 'donate';
  const title = donation
    ? t('payment.checkout.complete.donationTitle')
    : t('payment.checkout.complete.title');
  const description =
    descriptionOf(title, message) ??
    (donation
      ? t('payment.checkout.complete.donationDescription')
      : t('payment.checkout.complete.description'));
  // One subscription per billing interval: link each (first one first).
  const subscriptionIds =
    session.subscriptions.length > 0
      ? session.subscriptions
      : session.subscription_id
        ? [session.subscription_id]
        : [];
  useEffect(() => {
    if (!successUrl) return;
    const timer = setTimeout(() => window.location.assign(successUrl), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [successUrl]);

  return (
    <Stack
      data-testid="checkout-complete"
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}
    >
      <Box
        aria-hidden
        sx={{ color: 'success.main', '& svg': { fontSize: 80 }, animation: `${pop} 600ms ease-out both` }}
      >
        <CheckCircleRounded />
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{description}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
        {subscriptionIds.map((id, index) => (
          <Button
            key={id}
            component={RouterLink}
            to={atMountPoint(mountPoint, `customer/subscription/${id}`)}
            variant="outlined"
          >
            {subscriptionIds.length > 1
              ? t('payment.checkout.complete.subscriptionNumbered', { number: index + 1 })
              : t('payment.checkout.complete.subscription')}
          </Button>
        ))}
        {session.invoice_id ? (
          <Button
            component={RouterLink}
            to={atMountPoint(mountPoint, `customer/invoice/${session.invoice_id}`)}
            variant="outlined"
          >
            {t('payment.checkout.complete.invoice')}
          </Button>
        ) : null}
      </Stack>
      {AllowancePanel && currency && session.mode === 'subscription' ? (
        <Suspense fallback={null}>
          {subscriptionIds.map((id) => (
            <AllowancePanel
              key={id}
              subscription={{ id, livemode: session.livemode, paymentCurrency: currency }}
              mountPoint={mountPoint}
            />
          ))}
        </Suspense>
      ) : null}
      {topUpReturn ? (
        <Button href={topUpReturn} variant="contained" data-testid="top-up-return">
          {t('payment.checkout.complete.backAfterTopUp')}
        </Button>
      ) : null}
      {successUrl ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {topUpReturn
            ? t('payment.checkout.complete.returningAfterTopUp')
            : t('payment.checkout.complete.redirecting')}
        </Typography>
      ) : null}
    </Stack>
  );
}
