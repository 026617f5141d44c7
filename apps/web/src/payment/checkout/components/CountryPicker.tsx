import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../logic/loadFormats';

interface CountryPickerProps {
  value: string;
  onChange(code: string): void;
  label: string;
  locale: string;
  /** Show the dialling code (phone) rather than only the name (address). */
  dial?: boolean;
  testId: string;
}

/** A searchable country list, names in the interface language; max height 300 px (SPEC section 9). */
export function CountryPicker({ value, onChange, label, locale, dial, testId }: CountryPickerProps) {
  const { t } = useTranslation();
  const formats = useFormats();
  // The list comes with the phone / postal rules' chunk; empty for the moment it loads.
  const countries = useMemo(() => formats?.countryList(locale) ?? [], [formats, locale]);
  const selected = countries.find((c) => c.code === value) ?? null;
  return (
    <Autocomplete
      data-testid={testId}
      options={countries}
      value={selected}
      disableClearable={selected !== null}
      onChange={(_e, next) => next && onChange(next.code)}
      getOptionLabel={(c) => (dial ? `${c.name} ${c.dial}` : c.name)}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      noOptionsText={t('payment.checkout.form.noCountries')}
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderInput={(params) => <TextField {...params} size="small" label={label} />}
    />
  );
}
