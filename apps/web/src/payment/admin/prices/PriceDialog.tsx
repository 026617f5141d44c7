import { Divider } from '@mui/material';
import { priceCreate, type PaymentCurrency, type Price, merchantRoutes } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { saveCall, useAdminMutation } from '../api/hooks';
import { FormDialog } from '../forms/FormDialog';
import { FieldRow } from '../forms/FieldRow';
import { choices, currencyChoice } from '../forms/choices';
import { FormSwitch } from '../forms/FormSwitch';
import { FormTextField } from '../forms/FormTextField';
import type { FieldIssue } from '../forms/issues';
import { useSchemaForm } from '../forms/useSchemaForm';
import { TaxRatesField } from '../discounts/TaxRatesField';
import { CurrencyOptionsEditor } from './CurrencyOptionsEditor';
import { PriceAmountFields } from './PriceAmountFields';
import { PriceExtrasFields } from './PriceExtrasFields';
import { INTERVALS, priceFormValues, toPriceCreate, type PriceFormValues } from './priceForm';

interface PriceDialogProps {
  productId: string;
  /** The product's prices (upsell targets). */
  prices: readonly Price[];
  currencies: readonly PaymentCurrency[];
  onClose(): void;
}

/** Creates a price of any kind for one product. */
export function PriceDialog({ productId, prices, currencies, onClose }: PriceDialogProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const toPayload = (v: PriceFormValues, issues: FieldIssue[]) =>
    toPriceCreate(v, productId, currencies, issues);
  const { form, submitWith } = useSchemaForm<PriceFormValues, typeof priceCreate>(
    priceCreate,
    toPayload,
    priceFormValues(currencies[0]?.id ?? ''),
  );
  const create = useAdminMutation(['prices', 'products'], saveCall(merchantRoutes.prices));
  const { control, watch } = form;
  const recurring = watch('type') === 'recurring';
  const currency = currencies.find((c) => c.id === watch('currency_id'));
  const submit = submitWith(create.mutateAsync, () => {
    enqueueSnackbar(t('payment.admin.prices.saved'), { variant: 'success' });
    onClose();
  });
  return (
    <FormDialog
      wide
      testId="price-dialog"
      title={t('payment.admin.prices.create')}
      busy={create.isPending}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormProvider {...form}>
        <FieldRow>
          <FormTextField
            control={control}
            name="currency_id"
            label={t('payment.admin.prices.currency')}
            options={currencies.map(currencyChoice)}
            helperText={currencies.length === 0 ? t('payment.admin.prices.noCurrencies') : undefined}
          />
          <FormTextField
            control={control}
            name="type"
            label={t('payment.admin.prices.type')}
            options={choices(['one_time', 'recurring'], (v) => t(`payment.admin.prices.types.${v}`))}
          />
        </FieldRow>
        {recurring ? (
          <FieldRow label={t('payment.admin.prices.recurring')}>
            <FormTextField
              control={control}
              name="recurring.interval_count"
              label={t('payment.admin.prices.every')}
              inputMode="numeric"
            />
            <FormTextField
              control={control}
              name="recurring.interval"
              label={t('payment.admin.prices.interval')}
              options={choices(INTERVALS, (i) => t(`payment.admin.prices.intervals.${i}`))}
            />
            <FormTextField
              control={control}
              name="recurring.usage_type"
              label={t('payment.admin.prices.usage')}
              options={choices(['licensed', 'metered'], (v) => t(`payment.admin.prices.usages.${v}`))}
            />
          </FieldRow>
        ) : null}
        {recurring ? (
          <FormSwitch control={control} name="switchable" label={t('payment.admin.prices.switchable')} />
        ) : null}
        <PriceAmountFields symbol={currency?.symbol ?? ''} />
        <Divider />
        <CurrencyOptionsEditor currencies={currencies} />
        <Divider />
        <PriceExtrasFields prices={prices} currencies={currencies} />
        <TaxRatesField control={control} name="tax_rates" />
        <FieldRow>
          <FormTextField control={control} name="nickname" label={t('payment.admin.prices.nickname')} />
          <FormTextField control={control} name="lookup_key" label={t('payment.admin.prices.lookupKey')} />
        </FieldRow>
      </FormProvider>
    </FormDialog>
  );
}
