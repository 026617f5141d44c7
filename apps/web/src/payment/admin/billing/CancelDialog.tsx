import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { billingWriteRoutes, CANCEL_FEEDBACK } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../api/hooks';
import { routeCall } from '../api/routeCall';

interface CancelBody {
  at_period_end: boolean;
  feedback?: (typeof CANCEL_FEEDBACK)[number];
  comment?: string;
}

/** Cancel now or at the period end (a trial always cancels now), with a SPEC reason and a comment. */
export function CancelDialog(props: { id: string; trialing: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const whenId = useId();
  const [atEnd, setAtEnd] = useState(!props.trialing);
  const [feedback, setFeedback] = useState<CancelBody['feedback'] | ''>('');
  const [comment, setComment] = useState('');
  const { cancelSubscription } = billingWriteRoutes;
  const cancel = useAdminMutation(['subscriptions', 'invoices'], (body: CancelBody) =>
    routeCall(cancelSubscription, { id: props.id }, body),
  );
  const submit = () =>
    cancel.mutate(
      {
        at_period_end: atEnd,
        ...(feedback ? { feedback } : {}),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      },
      {
        onSuccess: (s) => {
          enqueueSnackbar(
            t(
              s.cancel_at_period_end
                ? 'payment.admin.billing.subscriptions.willCancel'
                : 'payment.admin.billing.subscriptions.canceled',
            ),
            { variant: 'success' },
          );
          props.onClose();
        },
        onError: (e) => enqueueSnackbar(e.message, { variant: 'error', persist: true }),
      },
    );
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('payment.admin.billing.subscriptions.cancelTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.trialing ? null : (
            <div>
              <FormLabel id={whenId}>{t('payment.admin.billing.subscriptions.when')}</FormLabel>
              <RadioGroup
                aria-labelledby={whenId}
                value={atEnd ? 'end' : 'now'}
                onChange={(e) => setAtEnd(e.target.value === 'end')}
              >
                <FormControlLabel
                  value="end"
                  control={<Radio />}
                  label={t('payment.admin.billing.subscriptions.whenEnd')}
                />
                <FormControlLabel
                  value="now"
                  control={<Radio />}
                  label={t('payment.admin.billing.subscriptions.whenNow')}
                  data-testid="cancel-now"
                />
              </RadioGroup>
            </div>
          )}
          <TextField
            select
            label={t('payment.admin.billing.subscriptions.feedback')}
            value={feedback}
            onChange={(e) => setFeedback(e.target.value as CancelBody['feedback'])}
            slotProps={{ htmlInput: { 'data-testid': 'cancel-feedback' } }}
          >
            <MenuItem value="">{t('payment.admin.billing.none')}</MenuItem>
            {CANCEL_FEEDBACK.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`payment.admin.billing.feedback.${f}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('payment.admin.billing.subscriptions.comment')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('payment.admin.billing.subscriptions.keep')}</Button>
        <Button
          color="error"
          variant="contained"
          onClick={submit}
          disabled={cancel.isPending}
          data-testid="cancel-confirm"
        >
          {t('payment.admin.billing.subscriptions.confirmCancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
