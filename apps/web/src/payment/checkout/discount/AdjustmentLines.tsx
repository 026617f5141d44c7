import { Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DiscountLine, TaxLine } from '../logic/adjustments';

interface AdjustmentLinesProps {
  /** Before discount and tax; no row when null. */
  subtotal: bigint | null;
  discounts: readonly DiscountLine[];
  taxes: readonly TaxLine[];
  /** An exact amount as the page writes it, e.g. "9.9 TUSD". */
  format(units: bigint): string;
}

function Row(props: { testId: string; label: React.ReactNode; amount: string }) {
  return (
    <Stack
      direction="row"
      data-testid={props.testId}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: 'center', py: 0.5 }}
    >
      <Typography component="div" variant="body2" sx={{ minWidth: 0 }}>
        {props.label}
      </Typography>
      <Typography variant="body2" data-testid={`${props.testId}-amount`} sx={{ whiteSpace: 'nowrap' }}>
        {props.amount}
      </Typography>
    </Stack>
  );
}

/**
 * Subtotal, discount and tax rows of a checkout summary or an invoice. A discount shows minus its
 * amount; an inclusive tax is part of the prices already (it shows what of them is tax), an exclusive
 * one is added. An amount of null is worked out at payment.
 */
export function AdjustmentLines({ subtotal, discounts, taxes, format }: AdjustmentLinesProps) {
  const { t } = useTranslation();
  const later = t('payment.checkout.adjust.atPayment');
  return (
    <Stack data-testid="adjustment-lines" sx={{ mt: 1.5 }}>
      {subtotal !== null ? (
        <Row testId="subtotal-line" label={t('payment.checkout.subtotal')} amount={format(subtotal)} />
      ) : null}
      {discounts.map((d) => (
        <Row
          key={d.key}
          testId="discount-line"
          label={
            <>
              {d.percentOff
                ? t('payment.checkout.adjust.discountPercent', { name: d.name, percent: d.percentOff })
                : t('payment.checkout.adjust.discount', { name: d.name })}
              {d.code ? (
                <Chip size="small" variant="outlined" sx={{ ml: 1 }} label={d.code} component="span" />
              ) : null}
            </>
          }
          amount={d.amount === null ? later : `−${format(d.amount)}`}
        />
      ))}
      {taxes.map((tax) => (
        <Row
          key={tax.key}
          testId="tax-line"
          label={t(`payment.checkout.adjust.${tax.inclusive ? 'taxInclusive' : 'taxExclusive'}`, {
            name: tax.displayName,
            percent: tax.percentage,
          })}
          amount={tax.amount === null ? later : format(tax.amount)}
        />
      ))}
    </Stack>
  );
}
