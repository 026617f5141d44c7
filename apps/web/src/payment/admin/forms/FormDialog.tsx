import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormDialogProps {
  open: boolean;
  title: string;
  testId: string;
  busy: boolean;
  /** A failure not tied to one field. */
  error?: string;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
  children: ReactNode;
  wide?: boolean;
}

/** A dialog holding one form: fields, a general error, cancel and submit. */
export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      fullWidth
      maxWidth={props.wide ? 'md' : 'sm'}
      aria-labelledby={titleId}
      data-testid={props.testId}
    >
      <form noValidate onSubmit={props.onSubmit}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.error ? (
              <Alert severity="error" role="alert">
                {props.error}
              </Alert>
            ) : null}
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.busy}>
            {t('payment.admin.common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={props.busy}
            data-testid={`${props.testId}-submit`}
          >
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
