import { Divider } from '@mui/material';
import { paymentLink, paymentLinkCreate, type PaymentLink } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../api/hooks';
import { FormDialog } from '../forms/FormDialog';
import { FormTextField } from '../forms/FormTextField';
import { useSchemaForm } from '../forms/useSchemaForm';
import { useCurrencies } from '../methods/useCurrencies';
import { useActivePrices } from '../prices/useActivePrices';
import { LineItemsEditor } from './LineItemsEditor';
import { linkFormValues, toLinkCreate, type LinkFormValues } from './linkForm';
import { LinkOptionsFields } from './LinkOptionsFields';

/** Creates a payment link. */
export function LinkDialog(props: { onClose(): void; onCreated(link: PaymentLink): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { prices } = useActivePrices();
  const { currencies } = useCurrencies();
  const { form, showFailure } = useSchemaForm<LinkFormValues, typeof paymentLinkCreate>(
    paymentLinkCreate,
    toLinkCreate,
    linkFormValues(),
  );
  const create = useAdminMutation(['payment-links'], paymentLink, (body: unknown) => ({
    method: 'POST',
    path: '/payment-links',
    body,
  }));
  const submit = form.handleSubmit((body) =>
    create.mutateAsync(body).then((link) => {
      enqueueSnackbar(t('payment.admin.links.saved'), { variant: 'success' });
      props.onCreated(link);
    }, showFailure),
  );
  return (
    <FormDialog
      open
      wide
      testId="link-dialog"
      title={t('payment.admin.links.create')}
      submitLabel={t('payment.admin.common.save')}
      busy={create.isPending}
      error={form.formState.errors.root?.server?.message}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <FormProvider {...form}>
        <FormTextField control={form.control} name="name" label={t('payment.admin.links.name')} />
        <LineItemsEditor prices={prices} currencies={currencies} />
        <Divider />
        <LinkOptionsFields />
      </FormProvider>
    </FormDialog>
  );
}
