import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../layout/CopyButton';
import { RowActions } from '../table/RowActions';

/** Copy and open a payment link's checkout address. */
export function LinkUrlActions({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <RowActions>
      <CopyButton text={url} label={t('payment.admin.links.copyUrl')} testId="link-copy-url" />
      <Button
        size="small"
        href={url}
        target="_blank"
        rel="noopener"
        startIcon={<OpenInNewOutlined />}
        data-testid="link-open-url"
      >
        {t('payment.admin.links.open')}
      </Button>
    </RowActions>
  );
}
