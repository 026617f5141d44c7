import { Avatar, Card, CardActionArea, Stack, Typography } from '@mui/material';
import type { PaymentCurrency, PaymentMethod } from '@payshelf/api';
import { useTranslation } from 'react-i18next';

export interface CurrencyChoice {
  currency: PaymentCurrency;
  method: PaymentMethod;
}

/** Every currency of every method the session can be paid in, as a flat list. */
export function currencyChoices(methods: readonly PaymentMethod[]): CurrencyChoice[] {
  return methods.flatMap((method) =>
    (method.payment_currencies ?? []).map((currency) => ({ currency, method })),
  );
}

interface CurrencyCardsProps {
  choices: CurrencyChoice[];
  value: string | null;
  disabled: boolean;
  onChange(currencyId: string): void;
}

/** The payment currency cards: symbol, name and the method (chain) it is paid on. */
export function CurrencyCards({ choices, value, disabled, onChange }: CurrencyCardsProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} role="radiogroup" aria-label={t('payment.checkout.form.currency')}>
      <Typography variant="subtitle2">{t('payment.checkout.form.currency')}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {choices.map(({ currency, method }) => {
          const checked = currency.id === value;
          return (
            <Card
              key={currency.id}
              variant="outlined"
              sx={{
                borderColor: checked ? 'primary.main' : 'divider',
                borderWidth: checked ? 2 : 1,
                minWidth: 140,
              }}
            >
              <CardActionArea
                role="radio"
                aria-checked={checked}
                data-testid={`currency-${currency.symbol}`}
                disabled={disabled}
                onClick={() => onChange(currency.id)}
                sx={{ p: 1.5 }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Avatar src={currency.logo ?? undefined} sx={{ width: 28, height: 28, fontSize: 12 }}>
                    {currency.symbol.slice(0, 2)}
                  </Avatar>
                  <div>
                    <Typography sx={{ fontWeight: 600 }}>{currency.symbol}</Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {method.name}
                    </Typography>
                  </div>
                </Stack>
              </CardActionArea>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}
