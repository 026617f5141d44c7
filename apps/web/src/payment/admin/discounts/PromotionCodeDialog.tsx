import { Typography } from '@mui/material';
import { discountRoutes, promotionCodeCreate, type PaymentCurrency } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { CodeKey } from './discountKeys';
import { saveCall, useAdminMutation } from '../api/hooks';
import { currencyChoice } from '../forms/choices';
import { FieldRow } from '../forms/FieldRow';
import { FormDialog } from '../forms/FormDialog';
import { FormSwitch } from '../forms/FormSwitch';
import { FormTextField } from '../forms/FormTextField';
import type { FieldIssue } from '../forms/issues';
import { useSchemaForm } from '../forms/useSchemaForm';
import {
  promotionCodeFormValues,
  toPromotionCodeCreate,
  type PromotionCodeFormValues,
} from './discountForms';
import { useValidCoupons } from './useDiscountChoices';

/** Creates a customer-facing code for a coupon, with its restrictions, limit and expiry. */
export function PromotionCodeDialog(props: { currencies: readonly PaymentCurrency[]; onClose(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { currencies } = props;
  const { coupons, loading } = useValidCoupons();
  const toPayload = (v: PromotionCodeFormValues, issues: FieldIssue[]) =>
    toPromotionCodeCreate(v, currencies, issues);
  const { form, submitWith } = useSchemaForm<PromotionCodeFormValues, typeof promotionCodeCreate>(
    promotionCodeCreate,
    toPayload,
    promotionCodeFormValues(),
  );
  const create = useAdminMutation(['promotion-codes'], saveCall(discountRoutes.promotionCodes));
  const { control } = form;
  const submit = submitWith(create.mutateAsync, (saved) => {
    enqueueSnackbar(t('payment.admin.promotionCodes.saved', { code: saved.code }), { variant: 'success' });
    props.onClose();
  });
  const p = (key: CodeKey) => t(`payment.admin.promotionCodes.${key}`);
  return (
    <FormDialog
      testId="promotion-code-dialog"
      title={p('create')}
      busy={create.isPending}
      form={form}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <FormTextField
        control={control}
        name="coupon_id"
        label={p('coupon')}
        required
        options={coupons.map((c) => ({ value: c.id, label: c.name ?? c.id }))}
        helperText={!loading && coupons.length === 0 ? p('noCoupons') : undefined}
      />
      <FormTextField
        control={control}
        name="code"
        label={p('code')}
        helperText={p('codeHint')}
        required
        autoFocus
      />
      <FieldRow>
        <FormTextField
          control={control}
          name="max_redemptions"
          label={p('maxRedemptions')}
          inputMode="numeric"
        />
        <FormTextField
          control={control}
          name="expires_at"
          label={p('expiresAt')}
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </FieldRow>
      <Typography variant="subtitle2">{p('restrictions')}</Typography>
      <FormSwitch control={control} name="restrictions.first_time_transaction" label={p('firstTime')} />
      <FieldRow label={p('minimumAmount')}>
        <FormTextField
          control={control}
          name="restrictions.minimum_amount"
          label={p('minimumAmount')}
          inputMode="decimal"
        />
        <FormTextField
          control={control}
          name="restrictions.minimum_amount_currency_id"
          label={p('minimumCurrency')}
          options={currencies.map(currencyChoice)}
        />
      </FieldRow>
      <FormTextField
        control={control}
        name="restrictions.per_customer_limit"
        label={p('perCustomer')}
        inputMode="numeric"
      />
    </FormDialog>
  );
}
