import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  /** The confirm button's text. */
  confirmLabel: string;
  color?: 'error' | 'warning' | 'primary';
  busy?: boolean;
  /** Extra fields (a reason, the typed name); `confirmDisabled` keeps the button off until they are valid. */
  children?: ReactNode;
  confirmDisabled?: boolean;
  /** A failure of the last attempt, shown in the dialog. */
  error?: string | null;
  testId?: string;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before an action (irreversible ones say so in `text`); the failure stays in the dialog. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
      data-testid={props.testId}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!props.confirmDisabled && !props.busy) props.onConfirm();
        }}
      >
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={textId}>{props.text}</DialogContentText>
            {props.children}
            {props.error ? (
              <Alert severity="error" role="alert">
                {props.error}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.busy}>
            {t('store.dev.common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={props.color ?? 'error'}
            disabled={props.busy || props.confirmDisabled}
            data-testid={props.testId ? `${props.testId}-confirm` : undefined}
          >
            {props.confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
