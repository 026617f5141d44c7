import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation, type Call } from '../api/hooks';

interface ConfirmButtonProps {
  /** The button's and the confirm button's text. */
  label: string;
  color: 'error' | 'warning';
  title: string;
  text: string;
  /** The success message. */
  done: string;
  /** The request (an entry of the route table) and the resources it refreshes. */
  call: Call;
  resources: readonly string[];
  testId?: string;
  confirmTestId?: string;
}

/** A small button that asks for confirmation, then sends one request; failures stay on screen. */
export function ConfirmButton(props: ConfirmButtonProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const action = useAdminMutation(props.resources, () => props.call);
  const confirm = () =>
    action.mutate(undefined, {
      onSuccess: () => {
        enqueueSnackbar(props.done, { variant: 'success' });
        setOpen(false);
      },
      onError: (e) => enqueueSnackbar(e.message, { variant: 'error', persist: true }),
    });
  return (
    <>
      <Button size="small" color={props.color} onClick={() => setOpen(true)} data-testid={props.testId}>
        {props.label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{props.text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('payment.admin.common.cancel')}</Button>
          <Button
            color={props.color}
            variant="contained"
            onClick={confirm}
            disabled={action.isPending}
            data-testid={props.confirmTestId}
          >
            {props.label}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
