import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface FormDialogProps<V extends FieldValues, T> {
  /** The form; a failure not tied to one field (`root.server`) shows above the fields. */
  form: UseFormReturn<V, unknown, T>;
  title: string;
  testId: string;
  busy: boolean;
  /** Defaults to Save. */
  submitLabel?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
  children: ReactNode;
  wide?: boolean;
}

/** An open dialog holding one form: fields, a general error, cancel and submit. */
export function FormDialog<V extends FieldValues, T>(props: FormDialogProps<V, T>) {
  const { t } = useTranslation();
  const titleId = useId();
  const error = props.form.formState.errors.root?.server?.message;
  return (
    <Dialog
      open
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
            {error ? (
              <Alert severity="error" role="alert">
                {error}
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
            {props.submitLabel ?? t('payment.admin.common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
