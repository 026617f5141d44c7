import { Divider, Stack } from '@mui/material';
import { price, priceCreate, type PaymentCurrency, type Price } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../api/hooks';
import { FormDialog } from '../forms/FormDialog';
import { FormTextField } from '../forms/FormTextField';
import type { FieldIssue } from '../forms/issues';
import { useSchemaForm } from '../forms/useSchemaForm';
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
  const { form, showFailure } = useSchemaForm<PriceFormValues, typeof priceCreate>(
    priceCreate,
    toPayload,
    priceFormValues(currencies[0]?.id ?? ''),
  );
  const create = useAdminMutation(['prices', 'products'], price, (body: unknown) => ({
    method: 'POST',
    path: '/prices',
    body,
  }));
  const { control, watch } = form;
  const recurring = watch('type') === 'recurring';
  const currency = currencies.find((c) => c.id === watch('currency_id'));
  const submit = form.handleSubmit((body) =>
    create.mutateAsync(body).then(() => {
      enqueueSnackbar(t('payment.admin.prices.saved'), { variant: 'success' });
      onClose();
    }, showFailure),
  );
  return (
    <FormDialog
      open
      wide
      testId="price-dialog"
      title={t('payment.admin.prices.create')}
      submitLabel={t('payment.admin.common.save')}
      busy={create.isPending}
      error={form.formState.errors.root?.server?.message}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormProvider {...form}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <FormTextField
            control={control}
            name="currency_id"
            label={t('payment.admin.prices.currency')}
            options={currencies.map((c) => ({ value: c.id, label: `${c.symbol} · ${c.name}` }))}
            helperText={currencies.length === 0 ? t('payment.admin.prices.noCurrencies') : undefined}
          />
          <FormTextField
            control={control}
            name="type"
            label={t('payment.admin.prices.type')}
            options={[
              { value: 'one_time', label: t('payment.admin.prices.types.one_time') },
              { value: 'recurring', label: t('payment.admin.prices.types.recurring') },
            ]}
          />
        </Stack>
        {recurring ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            role="group"
            aria-label={t('payment.admin.prices.recurring')}
          >
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
              options={INTERVALS.map((i) => ({ value: i, label: t(`payment.admin.prices.intervals.${i}`) }))}
            />
            <FormTextField
              control={control}
              name="recurring.usage_type"
              label={t('payment.admin.prices.usage')}
              options={[
                { value: 'licensed', label: t('payment.admin.prices.usages.licensed') },
                { value: 'metered', label: t('payment.admin.prices.usages.metered') },
              ]}
            />
          </Stack>
        ) : null}
        <PriceAmountFields symbol={currency?.symbol ?? ''} />
        <Divider />
        <CurrencyOptionsEditor currencies={currencies} />
        <Divider />
        <PriceExtrasFields prices={prices} currencies={currencies} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <FormTextField control={control} name="nickname" label={t('payment.admin.prices.nickname')} />
          <FormTextField control={control} name="lookup_key" label={t('payment.admin.prices.lookupKey')} />
        </Stack>
      </FormProvider>
    </FormDialog>
  );
}
