import { Alert, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../platform/ui/PageSection';
import { isAdminRole, useHeaderSession } from '../../platform/session/useHeaderSession';
import { BarChart } from './BarChart';

const DAYS = 30;

interface PageviewsReport {
  days: Array<{ date: string; count: number }>;
  total: number;
}

async function fetchPageviews(signal: AbortSignal): Promise<PageviewsReport> {
  const response = await fetch(`/api/analytics/pageviews?days=${DAYS}`, { signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body: unknown = await response.json();
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const days = (Array.isArray(raw.days) ? raw.days : []).flatMap((d: unknown) => {
    if (typeof d !== 'object' || d === null) return [];
    const day = d as Record<string, unknown>;
    return typeof day.date === 'string' && typeof day.count === 'number'
      ? [{ date: day.date, count: day.count }]
      : [];
  });
  const total = typeof raw.total === 'number' ? raw.total : days.reduce((sum, d) => sum + d.count, 0);
  return { days, total };
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
