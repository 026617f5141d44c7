import { Box, Button, Chip, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromotionCodeState } from './usePromotionCode';

interface PromotionCodeFieldProps {
  /** The code on the session now, or null. */
  applied: string | null;
  promotion: PromotionCodeState;
  disabled: boolean;
}

/**
 * "Add promotion code": a button that opens the field with Apply; once applied the code shows as a
 * chip with a Remove button. A refused code keeps its reason under the field.
 */
export function PromotionCodeField({ applied, promotion, disabled }: PromotionCodeFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const busy = promotion.busy || disabled;

  if (applied) {
    return (
      <Box data-testid="promotion-code" sx={{ mt: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip
            color="success"
            variant="outlined"
            data-testid="promotion-code-applied"
            label={t('payment.checkout.adjust.applied', { code: applied })}
          />
          <Button
            size="small"
            disabled={busy}
            aria-label={t('payment.checkout.adjust.remove', { code: applied })}
            onClick={() => void promotion.remove()}
          >
            {t('payment.checkout.adjust.removeShort')}
          </Button>
        </Stack>
        {promotion.error ? (
          <Box role="alert" sx={{ color: 'error.main', mt: 0.5, typography: 'body2' }}>
            {promotion.error}
          </Box>
        ) : null}
      </Box>
    );
  }
  if (!open) {
    return (
      <Box data-testid="promotion-code" sx={{ mt: 1.5 }}>
        <Button size="small" disabled={disabled} onClick={() => setOpen(true)}>
          {t('payment.checkout.adjust.addCode')}
        </Button>
      </Box>
    );
  }
  const submit = () => {
    void promotion.apply(code).then((ok) => {
      if (ok) {
        setCode('');
        setOpen(false);
      }
    });
  };
  return (
    <Box
      component="form"
      data-testid="promotion-code"
      noValidate
      sx={{ mt: 1.5 }}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          autoFocus
          label={t('payment.checkout.adjust.codeLabel')}
          value={code}
          disabled={busy}
          error={promotion.error !== null}
          helperText={promotion.error ?? undefined}
          onChange={(e) => {
            setCode(e.target.value);
            promotion.clearError();
          }}
          slotProps={{
            htmlInput: { 'data-testid': 'promotion-code-input', autoCapitalize: 'characters', maxLength: 50 },
            formHelperText: { role: 'alert' },
          }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={busy} sx={{ mt: '2px' }}>
          {t('payment.checkout.adjust.apply')}
        </Button>
        <Button
          disabled={promotion.busy}
          onClick={() => {
            setOpen(false);
            setCode('');
            promotion.clearError();
          }}
        >
          {t('payment.checkout.adjust.cancel')}
        </Button>
      </Stack>
    </Box>
  );
}
