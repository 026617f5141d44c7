import HomeOutlined from '@mui/icons-material/HomeOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ERROR_PAGE_CODES, ErrorPage, type ErrorPageCode } from '../../platform/ui/ErrorPage';
import { ErrorPanel } from '../../platform/ui/ErrorPanel';

function knownCode(status: number): ErrorPageCode | undefined {
  return ERROR_PAGE_CODES.find((code) => code === status);
}

/**
 * The routes' errorElement. A thrown HTTP response with a known status shows that error page;
 * anything else (a render error, a failed page chunk) shows "Something went wrong..." with Home
 * and Refresh. Both buttons reload the document, which also recovers from a stale deployment.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();

  const code = isRouteErrorResponse(error) ? knownCode(error.status) : undefined;
  if (code !== undefined && code !== 500) return <ErrorPage code={code} />;

  return (
    <ErrorPanel
      testId="error-page-500"
      icon={<ReportProblemOutlined />}
      title={t('app.errors.boundary.title')}
      description={t('app.errors.boundary.description')}
      actions={
        <>
          <Button href="/" variant="contained" startIcon={<HomeOutlined />}>
            {t('app.errors.home')}
          </Button>
          <Button variant="outlined" startIcon={<RefreshOutlined />} onClick={() => window.location.reload()}>
            {t('app.errors.refresh')}
          </Button>
        </>
      }
    />
  );
}
