import { Alert, Paper, Typography } from '@mui/material';
import { platformAdminRoutes } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { platformCall } from '../../platform/api/platformCall';
import { PageSection } from '../../platform/ui/PageSection';
import { isAdminRole, useHeaderSession } from '../../platform/session/useHeaderSession';
import { BarChart } from './BarChart';

const DAYS = 30;

/** The page views of the last DAYS days (the platform's `GET /api/analytics/pageviews`). */
function fetchPageviews(signal: AbortSignal) {
  return platformCall(platformAdminRoutes.pageviews, { query: { days: DAYS } }, signal);
}

/** The owners' analytics page: page views per day as a bar chart. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const { user, initialized } = useHeaderSession();
  const allowed = isAdminRole(user?.role);
  const query = useQuery({
    queryKey: ['platform', 'analytics', DAYS],
    queryFn: ({ signal }) => fetchPageviews(signal),
    enabled: allowed,
  });
  return (
    <PageSection
      testId="page-analytics"
      title={t('header.analytics.title')}
      subtitle={t('header.analytics.subtitle', { days: DAYS })}
    >
      {initialized && !allowed ? (
        <Alert severity="info" sx={{ mt: 3 }}>
          {t('header.analytics.ownerOnly')}
        </Alert>
      ) : null}
      {query.isError ? (
        <Alert severity="error" sx={{ mt: 3 }}>
          {t('header.analytics.loadFailed', { message: query.error.message })}
        </Alert>
      ) : null}
      {query.data ? (
        <Paper variant="outlined" sx={{ mt: 3, p: 2 }}>
          <Typography sx={{ mb: 2 }} data-testid="analytics-total">
            {query.data.total > 0
              ? t('header.analytics.total', { count: query.data.total })
              : t('header.analytics.empty')}
          </Typography>
          <BarChart
            title={t('header.analytics.chartLabel')}
            data={query.data.days.map((d) => ({ label: d.date, value: d.count }))}
            barLabel={(date, count) => t('header.analytics.barLabel', { date, count })}
          />
        </Paper>
      ) : null}
    </PageSection>
  );
}
