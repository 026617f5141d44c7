import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { localizedProduct, type PaymentCurrency } from '@payshelf/api';
import type { DonationSettings } from '@payshelf/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutApi, CheckoutSessionData } from '../../logic/api';
import { money } from '../../logic/format';
import { BenefitsList } from './BenefitsList';
import { DonationCustomField } from './DonationCustomField';
import { PresetCards } from './PresetCards';
import { useDonationChoice } from './useDonationChoice';

export interface DonationSummaryProps {
  api: CheckoutApi;
  session: CheckoutSessionData;
  /** The payment link's donation_settings (defaults apply without them). */
  settings: DonationSettings | null;
  currency: PaymentCurrency;
  /** The total of the session the server answered last. */
  total: bigint | null;
  locale: string;
  userDid: string | undefined;
  disabled: boolean;
  setSession(session: CheckoutSessionData): void;
  /** Tells the form whether the donation amount lets payment go ahead. */
  onAmountValidity(valid: boolean): void;
}

/**
 * The donation side of the checkout (SPEC section 2): tip amount heading, preset cards, a custom
 * amount with a random button, the beneficiaries behind a toggle, and the total.
 */
export function DonationSummary(props: DonationSummaryProps) {
  const { api, session, currency, total, locale, disabled, onAmountValidity } = props;
  const { t } = useTranslation();
  const donation = useDonationChoice(props);
  const [rolling, setRolling] = useState(false);
  const { presets } = donation.config.limits;
  const showCustom = donation.config.custom && (donation.selected === 'custom' || presets.length === 0);
  const payable = donation.valid && !rolling;
  useEffect(() => {
    onAmountValidity(payable);
  }, [payable, onAmountValidity]);
  // Leaving the donation form must not leave payment blocked.
  useEffect(
    () => () => {
      onAmountValidity(true);
    },
    [onAmountValidity],
  );
  const price = session.line_items[0]?.price;

  return (
    <Stack spacing={2} data-testid="donation-summary">
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('payment.checkout.donation.tipAmount')}
        </Typography>
        {price?.product?.name ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {localizedProduct(price.product, locale).name}
          </Typography>
        ) : null}
      </Box>
      {presets.length > 0 ? (
        <PresetCards
          presets={presets}
          custom={donation.config.custom}
          selected={donation.selected}
          currency={currency}
          locale={locale}
          disabled={disabled || rolling}
          onPreset={donation.pickPreset}
          onCustom={donation.pickCustom}
        />
      ) : null}
      {showCustom ? (
        <DonationCustomField
          text={donation.text}
          problem={donation.problem}
          serverError={donation.serverError}
          config={donation.config}
          currency={currency}
          locale={locale}
          disabled={disabled}
          onType={donation.typeCustom}
          onRandom={donation.setCustom}
          onRolling={setRolling}
        />
      ) : null}
      {!showCustom && donation.serverError ? (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
          {donation.serverError}
        </Typography>
      ) : null}
      {session.payment_link_id ? (
        <BenefitsList
          api={api}
          linkId={session.payment_link_id}
          total={total}
          currency={currency}
          locale={locale}
        />
      ) : null}
      <Stack
        direction="row"
        sx={{
          justifyContent: 'space-between',
          alignItems: 'center',
          borderTop: 1,
          borderColor: 'divider',
          pt: 2,
        }}
      >
        <Typography sx={{ fontWeight: 600 }}>{t('payment.checkout.total')}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {donation.syncing ? (
            <CircularProgress size={14} aria-label={t('payment.checkout.donation.updating')} />
          ) : null}
          <Typography
            data-testid="checkout-total"
            data-syncing={donation.syncing ? 'true' : undefined}
            sx={{ fontWeight: 600 }}
          >
            {total === null ? t('payment.checkout.notConfigured') : money(total, currency, locale)}
          </Typography>
        </Stack>
      </Stack>
    </Stack>
  );
}
