import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyChoice } from './currencyOptions';

interface MethodDialogProps {
  choices: readonly CurrencyChoice[];
  /** The currency of the subscription's future invoices now. */
  current: string;
  /** Automatic collection: a new currency needs an allowance in it. */
  automatic: boolean;
  busy: boolean;
  onClose(): void;
  onConfirm(choice: CurrencyChoice): void;
}

/**
 * Change payment method (Stripe's portal "update payment method"): the method and currency of future
 * invoices, among those every price is sold in; open and past-due invoices keep theirs. A modal dialog
 * of the plan-change family: labelled by its title, focus kept inside, Escape closes it and focus goes
 * back to the button that opened it.
 */
export function MethodDialog({ choices, current, automatic, busy, onClose, onConfirm }: MethodDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(current);
  const choice = choices.find((c) => c.currency.id === chosen);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="method-title"
      aria-describedby="method-description"
      data-testid="method-dialog"
      fullWidth
    >
      <DialogTitle id="method-title">{t('payment.portalChange.currency.action')}</DialogTitle>
      <DialogContent>
        <Typography id="method-description" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('payment.portalChange.currency.description')}
        </Typography>
        <FormControl>
          <FormLabel id="method-choose">{t('payment.portalChange.currency.label')}</FormLabel>
          <RadioGroup
            aria-labelledby="method-choose"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
          >
            {choices.map((c) => (
              <FormControlLabel
                key={c.currency.id}
                value={c.currency.id}
                control={<Radio />}
                data-testid={`currency-option-${c.currency.symbol}`}
                label={t('payment.portalChange.currency.option', {
                  symbol: c.currency.symbol,
                  method: c.method.name,
                })}
              />
            ))}
          </RadioGroup>
        </FormControl>
        {automatic && chosen !== current ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('payment.portalChange.currency.allowanceHint')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('payment.portalPay.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || !choice || chosen === current}
          onClick={() => choice && onConfirm(choice)}
          data-testid="currency-save"
        >
          {t('payment.portalChange.currency.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
