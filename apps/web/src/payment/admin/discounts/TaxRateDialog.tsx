import { discountRoutes, taxRateCreate } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { RateKey } from './discountKeys';
import { saveCall, useAdminMutation } from '../api/hooks';
import { FieldRow } from '../forms/FieldRow';
import { FormDialog } from '../forms/FormDialog';
import { FormTextField } from '../forms/FormTextField';
import { useSchemaForm } from '../forms/useSchemaForm';
import { taxRateFormValues, toTaxRateCreate, type TaxRateFormValues } from './discountForms';

/** Creates a manual tax rate: display name, exact percentage, inclusive or exclusive, jurisdiction. */
export function TaxRateDialog(props: { onClose(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { form, submitWith } = useSchemaForm<TaxRateFormValues, typeof taxRateCreate>(
    taxRateCreate,
    toTaxRateCreate,
    taxRateFormValues(),
  );
  const create = useAdminMutation(['tax-rates'], saveCall(discountRoutes.taxRates));
  const { control } = form;
  const submit = submitWith(create.mutateAsync, (saved) => {
    enqueueSnackbar(t('payment.admin.taxRates.saved', { name: saved.display_name }), { variant: 'success' });
    props.onClose();
  });
  const r = (key: RateKey) => t(`payment.admin.taxRates.${key}`);
  return (
    <FormDialog
      testId="tax-rate-dialog"
      title={r('create')}
      busy={create.isPending}
      form={form}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <FormTextField
        control={control}
        name="display_name"
        label={r('displayName')}
        helperText={r('displayHint')}
        required
        autoFocus
      />
      <FieldRow>
        <FormTextField
          control={control}
          name="percentage"
          label={r('percentage')}
          helperText={r('percentageHint')}
          inputMode="decimal"
          required
        />
        <FormTextField
          control={control}
          name="inclusive"
          label={r('behavior')}
          helperText={r('inclusiveHint')}
          options={[
            { value: 'exclusive', label: r('exclusive') },
            { value: 'inclusive', label: r('inclusive') },
          ]}
        />
      </FieldRow>
      <FieldRow>
        <FormTextField control={control} name="jurisdiction" label={r('jurisdiction')} />
        <FormTextField control={control} name="country" label={r('country')} helperText={r('countryHint')} />
      </FieldRow>
      <FormTextField control={control} name="description" label={r('description')} multiline minRows={2} />
    </FormDialog>
  );
}
