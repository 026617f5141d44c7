import { Divider, Stack } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSwitch } from '../forms/FormSwitch';
import { FieldRow } from '../forms/FieldRow';
import { choices } from '../forms/choices';
import { FormTextField } from '../forms/FormTextField';
import { SUBMIT_TYPES, type LinkFormValues } from './linkForm';

/** Donation settings, what happens after payment, and what the checkout collects. */
export function LinkOptionsFields() {
  const { t } = useTranslation();
  const { control, watch } = useFormContext<LinkFormValues>();
  const donation = watch('donation');
  const after = watch('after_completion.type');
  return (
    <Stack spacing={2}>
      <FormSwitch control={control} name="donation" label={t('payment.admin.links.donation')} />
      {donation ? (
        <Stack spacing={1} role="group" aria-label={t('payment.admin.links.donation')}>
          <FieldRow>
            <FormTextField
              control={control}
              name="donation_settings.amount.presets"
              label={t('payment.admin.prices.presets')}
              helperText={t('payment.admin.prices.presetsHint')}
            />
            <FormTextField
              control={control}
              name="donation_settings.amount.preset"
              label={t('payment.admin.prices.preset')}
            />
          </FieldRow>
          <FieldRow>
            <FormTextField
              control={control}
              name="donation_settings.amount.minimum"
              label={t('payment.admin.prices.minimum')}
            />
            <FormTextField
              control={control}
              name="donation_settings.amount.maximum"
              label={t('payment.admin.prices.maximum')}
              helperText={t('payment.admin.links.donationMaxHint')}
            />
          </FieldRow>
          <FormSwitch
            control={control}
            name="donation_settings.amount.custom"
            label={t('payment.admin.links.donationCustom')}
          />
        </Stack>
      ) : null}
      <Divider />
      <FormTextField
        control={control}
        name="after_completion.type"
        label={t('payment.admin.links.afterCompletion')}
        options={choices(['hosted_confirmation', 'redirect'], (v) => t(`payment.admin.links.after.${v}`))}
      />
      {after === 'redirect' ? (
        <FormTextField
          control={control}
          name="after_completion.redirect.url"
          label={t('payment.admin.links.redirectUrl')}
          type="url"
        />
      ) : (
        <FormTextField
          control={control}
          name="after_completion.hosted_confirmation.custom_message"
          label={t('payment.admin.links.customMessage')}
          multiline
          minRows={2}
        />
      )}
      <FieldRow>
        <FormTextField
          control={control}
          name="submit_type"
          label={t('payment.admin.links.submitType')}
          options={choices(SUBMIT_TYPES, (s) => t(`payment.admin.links.submit.${s}`))}
        />
        <FormTextField
          control={control}
          name="billing_address_collection"
          label={t('payment.admin.links.billingAddress')}
          options={choices(['auto', 'required'], (v) => t(`payment.admin.links.address.${v}`))}
        />
      </FieldRow>
      <FormSwitch
        control={control}
        name="phone_number_collection.enabled"
        label={t('payment.admin.links.collectPhone')}
      />
      <FormSwitch
        control={control}
        name="allow_promotion_codes"
        label={t('payment.admin.links.promotionCodes')}
      />
    </Stack>
  );
}
