import CasinoOutlined from '@mui/icons-material/CasinoOutlined';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import type { PaymentCurrency } from '@payshelf/api';
import { toDecimalString } from '@payshelf/money';
import { useTranslation } from 'react-i18next';
import { randomDonationAmount, type CustomAmountProblem, type DonationConfig } from '../../logic/donation';
import { money } from '../../logic/format';
import { useRandomAmount } from './useRandomAmount';

interface DonationCustomFieldProps {
  text: string;
  problem: CustomAmountProblem | null;
  serverError: string | null;
  config: DonationConfig;
  currency: PaymentCurrency;
  locale: string;
  disabled: boolean;
  onType(text: string): void;
  onRandom(units: bigint): void;
  /** Tells the form an amount is rolling (payment waits for it). */
  onRolling(rolling: boolean): void;
}

/** The custom amount with a random button; errors in the customer's language (SPEC section 5). */
export function DonationCustomField(props: DonationCustomFieldProps) {
  const { text, problem, serverError, config, currency, locale, disabled } = props;
  const { t } = useTranslation();
  const random = useRandomAmount();
  const pick = () => randomDonationAmount(config.limits, currency.decimal, config.precision);
  const frame = () => toDecimalString(pick() ?? 0n, currency.decimal);
  const onRandom = () => {
    props.onRolling(true);
    random.roll(pick, frame, (units) => {
      props.onRolling(false);
      props.onRandom(units);
    });
  };

  const message = (() => {
    if (serverError) return serverError;
    switch (problem?.kind) {
      case 'required':
        return t('payment.checkout.required');
      case 'invalid':
        return t('payment.checkout.invalid');
      case 'precision':
        return t('payment.checkout.precision', { precision: problem.precision });
      case 'range':
        return t('payment.checkout.donation.range', {
          min: money(problem.min, currency, locale),
          max: money(problem.max, currency, locale),
        });
      default:
        return null;
    }
  })();

  return (
    <TextField
      fullWidth
      label={t('payment.checkout.donation.customAmount')}
      value={random.rolling ?? text}
      disabled={disabled}
      error={message !== null}
      helperText={message ?? ' '}
      onChange={(event) => props.onType(event.target.value)}
      slotProps={{
        htmlInput: {
          inputMode: 'decimal',
          'data-testid': 'donation-custom-amount',
          'data-rolling': random.rolling !== null ? 'true' : undefined,
          readOnly: random.rolling !== null,
        },
        formHelperText: { role: message ? 'alert' : undefined },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <span style={{ marginRight: 4 }}>{currency.symbol}</span>
              <Tooltip title={t('payment.checkout.donation.random')}>
                <span>
                  <IconButton
                    edge="end"
                    aria-label={t('payment.checkout.donation.random')}
                    data-testid="donation-random"
                    disabled={disabled || random.rolling !== null}
                    onClick={onRandom}
                  >
                    <CasinoOutlined />
                  </IconButton>
                </span>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
