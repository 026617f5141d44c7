import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import { IconButton, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiLine } from '../logic/lines';
import { lineBounds, nextQuantity, quantityInput } from '../logic/quantity';

interface QuantityStepperProps {
  line: ApiLine;
  disabled: boolean;
  onChange(quantity: number): void;
}

/** - / input / +, within the line's bounds; non-numeric input is ignored (SPEC section 5). */
export function QuantityStepper({ line, disabled, onChange }: QuantityStepperProps) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const bounds = lineBounds(line);
  const commit = (input: string | number) => {
    setText(null);
    const next = nextQuantity(line, input);
    if (next !== line.quantity) onChange(next);
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }} data-testid={`quantity-${line.id}`}>
      <IconButton
        size="small"
        aria-label={t('payment.checkout.decrease')}
        disabled={disabled || line.quantity <= bounds.min}
        onClick={() => commit(-1)}
      >
        <Remove fontSize="small" />
      </IconButton>
      <TextField
        size="small"
        value={text ?? String(line.quantity)}
        disabled={disabled}
        onChange={(e) => {
          const typed = quantityInput(e.target.value);
          if (typed !== null) setText(typed);
        }}
        onBlur={() => text !== null && commit(text)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (text !== null) commit(text);
          }
        }}
        slotProps={{ htmlInput: { 'aria-label': t('payment.checkout.quantity'), inputMode: 'numeric' } }}
        sx={{ width: 64, '& input': { textAlign: 'center' } }}
      />
      <IconButton
        size="small"
        aria-label={t('payment.checkout.increase')}
        disabled={disabled || line.quantity >= bounds.max}
        onClick={() => commit(1)}
      >
        <Add fontSize="small" />
      </IconButton>
    </Stack>
  );
}
