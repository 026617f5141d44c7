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
  onApproved: (did: string) => void;
  onClose: () => void;
}

function DialogBody({ action, onApproved }: Pick<DidConnectDialogProps, 'action' | 'onApproved'>) {
  const controls = useDidConnect(action, onApproved);
  return <DidConnectPanel controls={controls} />;
}

/** Our own DID Connect dialog: a new flow starts each time it opens, and stops when it closes. */
export function DidConnectDialog({ open, action, title, onApproved, onClose }: DidConnectDialogProps) {
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
        {open ? <DialogBody action={action} onApproved={onApproved} /> : null}
      </DialogContent>
    </Dialog>
  );
}
