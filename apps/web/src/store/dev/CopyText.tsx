import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { Box, IconButton, Stack, Tooltip } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';

/** A line of monospace text (a secret, a command) with a copy button named by `label`. */
export function CopyText({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => enqueueSnackbar(t('store.dev.common.copied'), { variant: 'success' }),
      () => enqueueSnackbar(t('store.dev.common.copyFailed'), { variant: 'error' }),
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box
        component="code"
        data-testid={testId}
        sx={{
          flex: 1,
          minWidth: 0,
          p: 1,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: '0.85rem',
          overflowWrap: 'anywhere',
        }}
      >
        {text}
      </Box>
      <Tooltip title={label}>
        <IconButton onClick={copy} aria-label={label}>
          <ContentCopyOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
