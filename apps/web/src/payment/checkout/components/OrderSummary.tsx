import { Box, Button, Chip, Collapse, Stack, Typography, keyframes } from '@mui/material';
import { localizedProduct, type PaymentCurrency } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdjustmentLines } from '../discount/AdjustmentLines';
import { PromotionCodeField } from '../discount/PromotionCodeField';
import type { PromotionCodeState } from '../discount/usePromotionCode';
import { appliedCode, type SummaryTotals } from '../logic/adjustments';
import type { ApiPrice, CheckoutSessionData } from '../logic/api';
import { money } from '../logic/format';
import type { LineAmounts } from '../logic/lines';
import type { TrialDisplay } from '@payshelf/money';
import type { SessionChanges } from '../useSessionChanges';
import { SummaryLine } from './SummaryLine';

const shake = keyframes`
  0%, 100% { transform: translateX(0); }
  10%, 30%, 50%, 70%, 90% { transform: translateX(-6px); }
  20%, 40%, 60%, 80% { transform: translateX(6px); }
`;

interface OrderSummaryProps {
  session: CheckoutSessionData;
  currency: PaymentCurrency;
  amounts: LineAmounts;
  /** Subtotal, discount and tax lines and the total to show (the server's exact figures). */
  totals: SummaryTotals;
  /** The promotion-code field's calls; null when the session takes no codes. */
  promotion: PromotionCodeState | null;
  trial: TrialDisplay | null;
  locale: string;
  changes: SessionChanges;
  crossSell: ApiPrice | null;
  shaking: boolean;
  /** The server refused the payment because the required cross-sell is not in the order. */
  crossSellMissing: boolean;
  collapsible: boolean;
  disabled: boolean;
  onAmountValidity(valid: boolean): void;
}

/**
 * The order summary: lines, cross-sell offer, promotion code, discount and tax lines, trial and total. On REQUIRE_CROSS_SELL it shakes for 1 s and
 * the offer keeps saying why until the item is added.
 */
export function OrderSummary(props: OrderSummaryProps) {
  const { session, currency, amounts, totals, trial, locale, changes, crossSell, shaking, disabled } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState(!props.collapsible);
  const hasCrossSell = session.line_items.some((l) => l.cross_sell);
  return (
    <Box
      data-testid="order-summary"
      data-shaking={shaking ? 'true' : undefined}
      sx={{ animation: shaking ? `${shake} 1s ease-in-out` : 'none' }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('payment.checkout.summary')}
        </Typography>
        {props.collapsible ? (
          <Button size="small" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
            {open ? t('payment.checkout.hideSummary') : t('payment.checkout.showSummary')}
          </Button>
        ) : null}
      </Stack>
      <Collapse in={open || !props.collapsible}>
        {session.line_items.map((line, i) => (
          <SummaryLine
            key={line.id}
            line={line}
            amount={amounts.lines[i] ?? null}
            currency={currency}
            locale={locale}
            changes={changes}
            disabled={disabled}
            onAmountValidity={props.onAmountValidity}
          />
        ))}
        {crossSell && !hasCrossSell ? (
          <Stack
            data-testid="cross-sell"
            direction="row"
            spacing={1}
            sx={{
              py: 1.5,
              alignItems: 'center',
              justifyContent: 'space-between',
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('payment.checkout.crossSellTitle')}
                {session.cross_sell_behavior === 'required' ? (
                  <Chip size="small" sx={{ ml: 1 }} label={t('payment.checkout.crossSellRequired')} />
                ) : null}
              </Typography>
              <Typography>
                {crossSell.product
                  ? localizedProduct(crossSell.product, locale).name
                  : (crossSell.nickname ?? crossSell.id)}
              </Typography>
              {props.crossSellMissing ? (
                <Typography
                  role="alert"
                  data-testid="cross-sell-missing"
                  variant="body2"
                  sx={{ color: 'error.main', mt: 0.5 }}
                >
                  {t('payment.checkout.crossSellMissing')}
                </Typography>
              ) : null}
            </Box>
            <Button
              variant="outlined"
              size="small"
              disabled={disabled}
              onClick={() => changes.addCrossSell(crossSell.id)}
            >
              {t('payment.checkout.crossSellAdd')}
            </Button>
          </Stack>
        ) : null}
      </Collapse>
      {props.promotion ? (
        <PromotionCodeField applied={appliedCode(session)} promotion={props.promotion} disabled={disabled} />
      ) : null}
      <AdjustmentLines
        subtotal={totals.subtotal}
        discounts={totals.discounts}
        taxes={totals.taxes}
        format={(units) => money(units, currency, locale)}
      />
      {totals.pending ? (
        <Typography variant="body2" data-testid="adjust-pending" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('payment.checkout.adjust.pendingNote')}
        </Typography>
      ) : null}
      {trial ? (
        <Typography data-testid="trial-text" sx={{ mt: 1.5, color: 'success.main' }}>
          {t(`payment.checkout.trial.${trial.unit}`, { count: trial.count })}
        </Typography>
      ) : null}
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>{t('payment.checkout.total')}</Typography>
        <Typography data-testid="checkout-total" sx={{ fontWeight: 600 }}>
          {totals.total === null
            ? t('payment.checkout.notConfigured')
            : money(totals.total, currency, locale)}
        </Typography>
      </Stack>
    </Box>
  );
}
