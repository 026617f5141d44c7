import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A meter event's `source_data` as formatted JSON in a dialog. */
export function SourceDataDialog(props: { identifier: string; data: unknown; onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('payment.admin.meters.sourceDataTitle', { identifier: props.identifier })}
      </DialogTitle>
      <DialogContent>
        <Box
          component="pre"
          tabIndex={0}
          data-testid="source-data-json"
          sx={{
            m: 0,
            p: 2,
            bgcolor: 'action.hover',
            borderRadius: 1,
            overflow: 'auto',
            fontSize: '0.875rem',
          }}
        >
          {JSON.stringify(props.data, null, 2)}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('payment.admin.meters.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
