import {
  paymentCurrencyCreate,
  paymentCurrencyUpdate,
  type PaymentCurrency,
  type PaymentMethod,
  merchantRoutes,
} from '@payshelf/api';

import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { saveCall, useAdminMutation } from '../api/hooks';
import { FormDialog } from '../forms/FormDialog';
import { FormSwitch } from '../forms/FormSwitch';
import { FieldRow } from '../forms/FieldRow';
import { choices } from '../forms/choices';
import { FormTextField } from '../forms/FormTextField';
import { useSchemaForm } from '../forms/useSchemaForm';
import {
  currencyFormValues,
  toCurrencyCreate,
  toCurrencyUpdate,
  type CurrencyFormValues,
} from './currencyForm';

/** Creates a payment currency of a method, or edits one (symbol, decimals and contract stay). */
export function CurrencyDialog(props: {
  editing?: PaymentCurrency;
  methods: readonly PaymentMethod[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const editing = props.editing;
  const { form, submitWith } = useSchemaForm<
    CurrencyFormValues,
    typeof paymentCurrencyCreate | typeof paymentCurrencyUpdate
  >(
    editing ? paymentCurrencyUpdate : paymentCurrencyCreate,
    editing ? toCurrencyUpdate : toCurrencyCreate,
    currencyFormValues(editing, props.methods[0]?.id ?? ''),
  );
  const save = useAdminMutation(
    ['payment-currencies', 'payment-methods'],
    saveCall(merchantRoutes.paymentCurrencies, editing?.id),
  );
  const { control } = form;
  const fixed = editing !== undefined;
  const submit = submitWith(save.mutateAsync, () => {
    enqueueSnackbar(t('payment.admin.currencies.saved'), { variant: 'success' });
    props.onClose();
  });
  return (
    <FormDialog
      testId="currency-dialog"
      title={t(editing ? 'payment.admin.currencies.edit' : 'payment.admin.currencies.create')}
      busy={save.isPending}
      form={form}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <FormTextField
        control={control}
        name="payment_method_id"
        label={t('payment.admin.currencies.method')}
        disabled={fixed}
        options={props.methods.map((m) => ({ value: m.id, label: m.name }))}
      />
      <FieldRow>
        <FormTextField
          control={control}
          name="symbol"
          label={t('payment.admin.currencies.symbol')}
          disabled={fixed}
          required
        />
        <FormTextField control={control} name="name" label={t('payment.admin.currencies.name')} required />
      </FieldRow>
      <FieldRow>
        <FormTextField
          control={control}
          name="decimal"
          label={t('payment.admin.currencies.decimal')}
          disabled={fixed}
          inputMode="numeric"
        />
        <FormTextField
          control={control}
          name="maximum_precision"
          label={t('payment.admin.currencies.precision')}
          inputMode="numeric"
        />
        <FormTextField
          control={control}
          name="type"
          label={t('payment.admin.currencies.type')}
          disabled={fixed}
          options={choices(['standard', 'credit'], (v) => t(`payment.admin.currencies.types.${v}`))}
        />
      </FieldRow>
      <FormTextField
        control={control}
        name="contract"
        label={t('payment.admin.currencies.contract')}
        disabled={fixed}
      />
      <FormTextField control={control} name="logo" label={t('payment.admin.currencies.logo')} />
      <FieldRow>
        <FormTextField
          control={control}
          name="minimum_payment_amount"
          label={t('payment.admin.currencies.minimum')}
          inputMode="decimal"
        />
        <FormTextField
          control={control}
          name="maximum_payment_amount"
          label={t('payment.admin.currencies.maximum')}
          inputMode="decimal"
        />
      </FieldRow>
      <FormSwitch control={control} name="is_base_currency" label={t('payment.admin.currencies.base')} />
    </FormDialog>
  );
}
