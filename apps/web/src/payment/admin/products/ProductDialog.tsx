import { productCreate, productUpdate, type Product, merchantRoutes } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { saveCall, useAdminMutation } from '../api/hooks';
import { FormDialog } from '../forms/FormDialog';
import { choices } from '../forms/choices';
import { FormTextField } from '../forms/FormTextField';
import { useSchemaForm } from '../forms/useSchemaForm';
import {
  PRODUCT_TYPES,
  productFormValues,
  toProductCreate,
  toProductUpdate,
  type ProductFormValues,
} from './productForm';

/** Creates a product, or edits `editing` (whose type stays). */
export function ProductDialog(props: { editing?: Product; onClose(): void; onSaved?(p: Product): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const editing = props.editing;
  const { form, submitWith } = useSchemaForm<ProductFormValues, typeof productCreate | typeof productUpdate>(
    editing ? productUpdate : productCreate,
    editing ? toProductUpdate : toProductCreate,
    productFormValues(editing),
  );
  const save = useAdminMutation(['products', 'prices'], saveCall(merchantRoutes.products, editing?.id));
  const { control } = form;
  const submit = submitWith(save.mutateAsync, (saved) => {
    enqueueSnackbar(t('payment.admin.products.saved', { name: saved.name }), { variant: 'success' });
    props.onSaved?.(saved);
    props.onClose();
  });
  return (
    <FormDialog
      testId="product-dialog"
      title={t(editing ? 'payment.admin.products.edit' : 'payment.admin.products.create')}
      busy={save.isPending}
      form={form}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <FormTextField
        control={control}
        name="name"
        label={t('payment.admin.products.name')}
        required
        autoFocus
      />
      <FormTextField
        control={control}
        name="type"
        label={t('payment.admin.products.type')}
        disabled={editing !== undefined}
        options={choices(PRODUCT_TYPES, (v) => t(`payment.admin.products.types.${v}`))}
      />
      <FormTextField
        control={control}
        name="description"
        label={t('payment.admin.products.description')}
        multiline
        minRows={2}
      />
      <FormTextField control={control} name="unit_label" label={t('payment.admin.products.unitLabel')} />
      <FormTextField
        control={control}
        name="statement_descriptor"
        label={t('payment.admin.products.statementDescriptor')}
      />
      <FormTextField
        control={control}
        name="images"
        label={t('payment.admin.products.images')}
        helperText={t('payment.admin.products.imagesHint')}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
