import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, Paper, Stack, Typography } from '@mui/material';
import type { PaymentCurrency, Price } from '@payshelf/api';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSwitch } from '../forms/FormSwitch';
import { FieldRow } from '../forms/FieldRow';
import { FormTextField } from '../forms/FormTextField';
import { priceAmountText } from '../prices/priceText';
import { emptyLineItem, type LinkFormValues } from './linkForm';

/** The link's line items: a price, a quantity, and optionally a quantity the customer adjusts. */
export function LineItemsEditor(props: { prices: readonly Price[]; currencies: readonly PaymentCurrency[] }) {
  const { t } = useTranslation();
  const { control, watch } = useFormContext<LinkFormValues>();
  const items = useFieldArray({ control, name: 'line_items' });
  const currencyOf = (id: string) => props.currencies.find((c) => c.id === id);
  const choices = props.prices.map((p) => ({
    value: p.id,
    label: `${p.product?.name ?? p.product_id} · ${priceAmountText(p, currencyOf(p.currency_id))}${
      p.recurring ? ` / ${t(`payment.admin.prices.intervals.${p.recurring.interval}`)}` : ''
    }`,
  }));
  return (
    <Stack spacing={1} role="group" aria-label={t('payment.admin.links.lineItems')}>
      <Typography variant="subtitle2">{t('payment.admin.links.lineItems')}</Typography>
      {items.fields.map((field, i) => (
        <Paper key={field.id} variant="outlined" sx={{ p: 1.5 }} data-testid="line-item">
          <Stack spacing={1}>
            <FieldRow>
              <FormTextField
                control={control}
                name={`line_items.${i}.price_id`}
                label={t('payment.admin.links.price')}
                options={choices}
                helperText={choices.length === 0 ? t('payment.admin.links.noPrices') : undefined}
              />
              <FormTextField
                control={control}
                name={`line_items.${i}.quantity`}
                label={t('payment.admin.links.quantity')}
                inputMode="numeric"
                sx={{ maxWidth: { sm: 120 } }}
              />
              <IconButton
                aria-label={t('payment.admin.links.removeItem', { n: i + 1 })}
                onClick={() => items.remove(i)}
                disabled={items.fields.length <= 1}
              >
                <DeleteOutlined />
              </IconButton>
            </FieldRow>
            <FormSwitch
              control={control}
              name={`line_items.${i}.adjustable_quantity.enabled`}
              label={t('payment.admin.links.adjustable')}
            />
            {watch(`line_items.${i}.adjustable_quantity.enabled`) ? (
              <Stack direction="row" spacing={1}>
                <FormTextField
                  control={control}
                  name={`line_items.${i}.adjustable_quantity.minimum`}
                  label={t('payment.admin.links.min')}
                  inputMode="numeric"
                />
                <FormTextField
                  control={control}
                  name={`line_items.${i}.adjustable_quantity.maximum`}
                  label={t('payment.admin.links.max')}
                  inputMode="numeric"
                />
              </Stack>
            ) : null}
          </Stack>
        </Paper>
      ))}
      <Button
        startIcon={<AddOutlined />}
        onClick={() => items.append(emptyLineItem())}
        disabled={items.fields.length >= 20}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('payment.admin.links.addItem')}
      </Button>
    </Stack>
  );
}
