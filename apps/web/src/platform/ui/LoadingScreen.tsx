import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Full-page spinner while the shell loads its configuration or the first page. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="loading-screen"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <CircularProgress aria-label={t('platform.loading')} />
    </Box>
  );
}
