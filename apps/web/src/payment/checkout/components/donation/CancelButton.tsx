import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cancelTarget } from '../../logic/donation';

/** Posted to the embedding page when an inline checkout (in a frame or dialog) is closed. */
export const CLOSE_MESSAGE = 'payshelf.checkout.close';

interface CancelButtonProps {
  sessionId: string;
  cancelUrl: string | null;
  /** Inline or in a dialog: the button reads Close. */
  embedded: boolean;
  disabled: boolean;
}

/**
 * Cancel goes to the session's cancel_url when set, else back in history, else to the app. Close (an
 * inline checkout) first tells the embedding frame, which closes it; shown on its own it acts as Cancel.
 */
export function CancelButton({ sessionId, cancelUrl, embedded, disabled }: CancelButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onClick = () => {
    if (embedded && window.parent !== window) {
      window.parent.postMessage({ type: CLOSE_MESSAGE, checkoutSessionId: sessionId }, '*');
      return;
    }
    const target = cancelTarget(cancelUrl, window.history.length);
    if (target.kind === 'url') window.location.assign(target.url);
    else if (target.kind === 'back') void navigate(-1);
    else void navigate('/');
  };
  return (
    <Button variant="text" size="large" disabled={disabled} onClick={onClick} data-testid="donation-cancel">
      {embedded ? t('payment.checkout.donation.close') : t('payment.checkout.donation.cancel')}
    </Button>
  );
}
