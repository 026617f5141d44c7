import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { couponCreate, discountRoutes, type PaymentCurrency } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CouponKey } from './discountKeys';
import { saveCall, useAdminMutation } from '../api/hooks';
import { choices, currencyChoice } from '../forms/choices';
import { FieldRow } from '../forms/FieldRow';
import { FormDialog } from '../forms/FormDialog';
import { FormTextField } from '../forms/FormTextField';
import type { FieldIssue } from '../forms/issues';
import { useSchemaForm } from '../forms/useSchemaForm';
import { DURATIONS, couponFormValues, toCouponCreate, type CouponFormValues } from './discountForms';
import { useActiveProducts } from './useDiscountChoices';

/** Creates a coupon: percentage or amount off (per currency), duration, limits and products. */
export function CouponDialog(props: { currencies: readonly PaymentCurrency[]; onClose(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { currencies } = props;
  const products = useActiveProducts();
  const toPayload = (v: CouponFormValues, issues: FieldIssue[]) => toCouponCreate(v, currencies, issues);
  const { form, submitWith } = useSchemaForm<CouponFormValues, typeof couponCreate>(
    couponCreate,
    toPayload,
    couponFormValues(currencies[0]?.id ?? ''),
  );
  const create = useAdminMutation(['coupons'], saveCall(discountRoutes.coupons));
  const { control, watch } = form;
  const options = useFieldArray({ control, name: 'currency_options' });
  const kind = watch('kind');
  const main = watch('currency_id');
  const others = currencies.filter((c) => c.id !== main).map(currencyChoice);
  const submit = submitWith(create.mutateAsync, (saved) => {
    enqueueSnackbar(t('payment.admin.coupons.saved', { name: saved.name ?? saved.id }), {
      variant: 'success',
    });
    props.onClose();
  });
  const c = (key: CouponKey) => t(`payment.admin.coupons.${key}`);
  return (
    <FormDialog
      wide
      testId="coupon-dialog"
      title={c('create')}
      busy={create.isPending}
      form={form}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <FormTextField control={control} name="name" label={c('name')} autoFocus />
      <FormTextField
        control={control}
        name="kind"
        label={c('kind')}
        options={choices(['percent', 'amount'], (v) => t(`payment.admin.coupons.kinds.${v}`))}
      />
      {kind === 'percent' ? (
        <FormTextField
          control={control}
          name="percent_off"
          label={c('percentOff')}
          helperText={c('percentHint')}
          inputMode="decimal"
          required
        />
      ) : (
        <Stack spacing={1}>
          <FieldRow>
            <FormTextField
              control={control}
              name="currency_id"
              label={c('currency')}
              options={currencies.map(currencyChoice)}
            />
            <FormTextField
              control={control}
              name="amount_off"
              label={c('amountOff')}
              inputMode="decimal"
              required
            />
          </FieldRow>
          <Typography variant="subtitle2">{c('otherCurrencies')}</Typography>
          {options.fields.map((field, i) => (
            <FieldRow key={field.id}>
              <FormTextField
                control={control}
                name={`currency_options.${i}.currency_id`}
                label={c('currency')}
                options={others}
              />
              <FormTextField
                control={control}
                name={`currency_options.${i}.amount_off`}
                label={c('amountOff')}
                inputMode="decimal"
              />
              <IconButton
                aria-label={t('payment.admin.coupons.removeCurrency', { n: i + 1 })}
                onClick={() => options.remove(i)}
              >
                <DeleteOutlined />
              </IconButton>
            </FieldRow>
          ))}
          <Button
            startIcon={<AddOutlined />}
            onClick={() => options.append({ currency_id: others[0]?.value ?? '', amount_off: '' })}
            disabled={others.length === 0 || options.fields.length >= 20}
            sx={{ alignSelf: 'flex-start' }}
          >
            {c('addCurrency')}
          </Button>
        </Stack>
      )}
      <FieldRow>
        <FormTextField
          control={control}
          name="duration"
          label={c('duration')}
          options={choices(DURATIONS, (v) => t(`payment.admin.coupons.durations.${v}`))}
        />
        {watch('duration') === 'repeating' ? (
          <FormTextField
            control={control}
            name="duration_in_months"
            label={c('durationMonths')}
            inputMode="numeric"
            required
          />
        ) : null}
      </FieldRow>
      <FieldRow>
        <FormTextField
          control={control}
          name="max_redemptions"
          label={c('maxRedemptions')}
          inputMode="numeric"
        />
        <FormTextField
          control={control}
          name="redeem_by"
          label={c('redeemBy')}
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </FieldRow>
      <Controller
        control={control}
        name="products"
        render={({ field }) => (
          <TextField
            select
            size="small"
            fullWidth
            label={c('appliesTo')}
            helperText={c('appliesHint')}
            name={field.name}
            value={field.value}
            onChange={(e) => {
              const value: unknown = e.target.value;
              field.onChange(Array.isArray(value) ? value.map(String) : String(value).split(','));
            }}
            slotProps={{ select: { multiple: true } }}
          >
            {products.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}
