import { Divider } from '@mui/material';
import { paymentLinkCreate, type PaymentLink, merchantRoutes } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { saveCall, useAdminMutation } from '../api/hooks';
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
  const { form, submitWith } = useSchemaForm<LinkFormValues, typeof paymentLinkCreate>(
    paymentLinkCreate,
    toLinkCreate,
    linkFormValues(),
  );
  const create = useAdminMutation(['payment-links'], saveCall(merchantRoutes.paymentLinks));
  const submit = submitWith(create.mutateAsync, (link) => {
    enqueueSnackbar(t('payment.admin.links.saved'), { variant: 'success' });
    props.onCreated(link);
  });
  return (
    <FormDialog
      wide
      testId="link-dialog"
      title={t('payment.admin.links.create')}
      busy={create.isPending}
      form={form}
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
