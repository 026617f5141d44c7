import { Box, ButtonBase, Typography } from '@mui/material';
import type { PaymentCurrency } from '@payshelf/api';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../logic/format';

interface PresetCardsProps {
  presets: readonly bigint[];
  /** Offer a "Custom" card after the presets. */
  custom: boolean;
  selected: number | 'custom';
  currency: PaymentCurrency;
  locale: string;
  disabled: boolean;
  onPreset(index: number): void;
  onCustom(): void;
}

const NEXT: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The preset amount cards, 2 per row on small screens and 4 on larger ones, as a radio group: one tab
 * stop (the selected card), arrow keys move and select, Home and End jump, Space and Enter select.
 */
export function PresetCards(props: PresetCardsProps) {
  const { presets, custom, selected, currency, locale, disabled } = props;
  const { t } = useTranslation();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = presets.length + (custom ? 1 : 0);
  const selectedIndex = selected === 'custom' ? presets.length : selected;
  const choose = (index: number) => {
    if (index < presets.length) props.onPreset(index);
    else props.onCustom();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    let target: number | null = null;
    const step = NEXT[event.key];
    if (step !== undefined) target = (index + step + count) % count;
    if (event.key === 'Home') target = 0;
    if (event.key === 'End') target = count - 1;
    if (target === null) return;
    event.preventDefault();
    refs.current[target]?.focus();
    choose(target);
  };

  const labels = [
    ...presets.map((amount) => money(amount, currency, locale)),
    ...(custom ? [t('payment.checkout.donation.custom')] : []),
  ];
  return (
    <Box
      role="radiogroup"
      aria-label={t('payment.checkout.donation.tipAmount')}
      data-testid="donation-presets"
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1 }}
    >
      {labels.map((label, index) => {
        const checked = index === selectedIndex;
        return (
          <ButtonBase
            key={index < presets.length ? `preset-${index}` : 'custom'}
            ref={(node) => {
              refs.current[index] = node;
            }}
            role="radio"
            aria-checked={checked}
            tabIndex={checked || (selectedIndex < 0 && index === 0) ? 0 : -1}
            disabled={disabled}
            data-testid={index < presets.length ? `donation-preset-${index}` : 'donation-preset-custom'}
            onClick={() => choose(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            sx={{
              border: checked ? 2 : 1,
              borderColor: checked ? 'primary.main' : 'divider',
              bgcolor: checked ? 'action.selected' : 'background.paper',
              borderRadius: 1,
              minHeight: 56,
              px: 1,
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            <Typography sx={{ fontWeight: checked ? 700 : 500 }}>{label}</Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
