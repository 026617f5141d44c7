import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { Button } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';

/** Copies `text` to the clipboard and says so. */
export function CopyButton(props: {
  text: string;
  label: string;
  testId?: string;
  variant?: 'text' | 'outlined';
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const copy = () =>
    navigator.clipboard.writeText(props.text).then(
      () => enqueueSnackbar(t('payment.admin.common.copied'), { variant: 'success' }),
      () => enqueueSnackbar(t('payment.admin.common.copyFailed'), { variant: 'error' }),
    );
  return (
    <Button
      size="small"
      variant={props.variant}
      startIcon={<ContentCopyOutlined />}
      onClick={copy}
      data-testid={props.testId}
    >
      {props.label}
    </Button>
  );
}
