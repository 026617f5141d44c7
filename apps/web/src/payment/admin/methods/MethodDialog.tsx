import { paymentMethodCreate, paymentMethodUpdate, type PaymentMethod, merchantRoutes } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { saveCall, useAdminMutation } from '../api/hooks';
import { FormDialog } from '../forms/FormDialog';
import { choices } from '../forms/choices';
import { FormTextField } from '../forms/FormTextField';
import { useSchemaForm } from '../forms/useSchemaForm';
import {
  METHOD_TYPES,
  methodFormValues,
  toMethodCreate,
  toMethodUpdate,
  type MethodFormValues,
} from './methodForm';

/** Creates a payment method, or edits one (its type stays); only the chosen rail's settings show. */
export function MethodDialog(props: { editing?: PaymentMethod; onClose(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const editing = props.editing;
  const { form, submitWith } = useSchemaForm<
    MethodFormValues,
    typeof paymentMethodCreate | typeof paymentMethodUpdate
  >(
    editing ? paymentMethodUpdate : paymentMethodCreate,
    editing ? toMethodUpdate : toMethodCreate,
    methodFormValues(editing),
  );
  const save = useAdminMutation(['payment-methods'], saveCall(merchantRoutes.paymentMethods, editing?.id));
  const { control, watch } = form;
  const type = watch('type');
  const submit = submitWith(save.mutateAsync, () => {
    enqueueSnackbar(t('payment.admin.methods.saved'), { variant: 'success' });
    props.onClose();
  });
  const host = (name: 'api_host' | 'explorer_host') =>
    type === 'stripe' ? null : (
      <FormTextField
        control={control}
        name={`settings.${type}.${name}`}
        label={t(`payment.admin.methods.${name}`)}
        type="url"
      />
    );
  return (
    <FormDialog
      testId="method-dialog"
      title={t(editing ? 'payment.admin.methods.edit' : 'payment.admin.methods.create')}
      busy={save.isPending}
      form={form}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <FormTextField
        control={control}
        name="type"
        label={t('payment.admin.methods.type')}
        disabled={editing !== undefined}
        options={choices(METHOD_TYPES, (m) => t(`payment.admin.methods.types.${m}`))}
      />
      <FormTextField control={control} name="name" label={t('payment.admin.methods.name')} required />
      <FormTextField control={control} name="description" label={t('payment.admin.methods.description')} />
      <FormTextField control={control} name="logo" label={t('payment.admin.methods.logo')} />
      {type === 'stripe' ? (
        <>
          <FormTextField
            control={control}
            name="settings.stripe.publishable_key"
            label={t('payment.admin.methods.publishableKey')}
          />
          <FormTextField
            control={control}
            name="settings.stripe.secret_key"
            label={t('payment.admin.methods.secretKey')}
            type="password"
            helperText={editing ? t('payment.admin.methods.secretKeep') : undefined}
          />
        </>
      ) : null}
      {type === 'bitcoin' ? (
        <FormTextField
          control={control}
          name="settings.bitcoin.network"
          label={t('payment.admin.methods.network')}
          options={choices(['mainnet', 'testnet', 'regtest'], (n) => n)}
        />
      ) : null}
      {type === 'ethereum' || type === 'base' || type === 'arcblock' ? (
        <FormTextField
          control={control}
          name={`settings.${type}.chain_id`}
          label={t('payment.admin.methods.chainId')}
        />
      ) : null}
      {host('api_host')}
      {host('explorer_host')}
    </FormDialog>
  );
}
