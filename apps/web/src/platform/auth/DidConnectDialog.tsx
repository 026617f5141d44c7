import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DidConnectPanel } from './DidConnectPanel';
import { useDidConnect } from './useDidConnect';

interface DidConnectDialogProps {
  open: boolean;
  /** The DID Connect action (`login`, or one registered by payment). */
  action: string;
  title?: string;
  /** The action's own parameters, sent when the QR code is created. */
  params?: Readonly<Record<string, string>>;
  onApproved: (did: string) => void;
  onClose: () => void;
}

function DialogBody({
  action,
  onApproved,
  params,
}: Pick<DidConnectDialogProps, 'action' | 'onApproved' | 'params'>) {
  const controls = useDidConnect(action, onApproved, params);
  return <DidConnectPanel controls={controls} />;
}

/** Our own DID Connect dialog: a new flow starts each time it opens, and stops when it closes. */
export function DidConnectDialog({
  open,
  action,
  title,
  params,
  onApproved,
  onClose,
}: DidConnectDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} data-testid="did-connect-dialog">
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {title ?? t('auth.connect.title')}
      </DialogTitle>
      <IconButton
        aria-label={t('auth.connect.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseOutlined />
      </IconButton>
      <DialogContent sx={{ minWidth: { sm: 360 } }}>
        {open ? <DialogBody action={action} onApproved={onApproved} params={params} /> : null}
      </DialogContent>
    </Dialog>
  );
}
