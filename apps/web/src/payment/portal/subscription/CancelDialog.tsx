import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCEL_FEEDBACK, type CancelFeedback } from './subscriptionApi';

interface CancelDialogProps {
  open: boolean;
  trial: boolean;
  periodEnd: string;
  busy: boolean;
  onClose(): void;
  onConfirm(feedback: CancelFeedback, comment: string): void;
}

/** Cancel asks why (SPEC §9 feedback reasons) and for an optional comment. */
export function CancelDialog({ open, trial, periodEnd, busy, onClose, onConfirm }: CancelDialogProps) {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState<CancelFeedback>('other');
  const [comment, setComment] = useState('');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="cancel-title" data-testid="cancel-dialog">
      <DialogTitle id="cancel-title">{t('payment.portalPay.subscription.cancelTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {trial
            ? t('payment.portalPay.subscription.cancelTrialNow')
            : t('payment.portalPay.subscription.cancelAtPeriodEnd', { date: periodEnd })}
        </DialogContentText>
        <FormControl>
          <FormLabel id="cancel-feedback-label">
            {t('payment.portalPay.subscription.feedbackLabel')}
          </FormLabel>
          <RadioGroup
            aria-labelledby="cancel-feedback-label"
            value={feedback}
            onChange={(e) => setFeedback(e.target.value as CancelFeedback)}
          >
            {CANCEL_FEEDBACK.map((reason) => (
              <FormControlLabel
                key={reason}
                value={reason}
                control={<Radio />}
                label={t(`payment.portalPay.subscription.feedback.${reason}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 2 }}
          label={t('payment.portalPay.subscription.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value.slice(0, 1000))}
          slotProps={{ htmlInput: { 'data-testid': 'cancel-comment' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('payment.portalPay.subscription.keep')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          onClick={() => onConfirm(feedback, comment.trim())}
          data-testid="cancel-confirm"
        >
          {t('payment.portalPay.subscription.confirmCancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
