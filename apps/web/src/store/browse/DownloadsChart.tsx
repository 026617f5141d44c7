import { Box, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayCount } from './downloadSeries';
import { seriesSummary } from './downloadSeries';

const WIDTH = 600;
const HEIGHT = 120;

/**
 * Downloads per day as SVG bars. The picture is hidden from screen readers; its text alternative is
 * the summary sentence under it and a table of every day (visually hidden).
 */
export function DownloadsChart({ series, allTime }: { series: DayCount[]; allTime: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const days = series.length;
  const { total, peak } = seriesSummary(series);
  const max = Math.max(1, ...series.map((d) => d.count));
  const bar = WIDTH / Math.max(1, days);
  return (
    <Box component="figure" aria-labelledby={titleId} sx={{ m: 0 }} data-testid="downloads-chart">
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        {t('store.browse.detail.downloadsChart', { days })}
      </Typography>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
        sx={{ width: '100%', height: 120, display: 'block', color: 'primary.main' }}
      >
        <line
          x1="0"
          y1={HEIGHT - 0.5}
          x2={WIDTH}
          y2={HEIGHT - 0.5}
          stroke="currentColor"
          strokeOpacity="0.3"
        />
        {series.map((d, i) => {
          const h = (d.count / max) * (HEIGHT - 4);
          return (
            <rect
              key={d.day}
              x={i * bar + 1}
              y={HEIGHT - h}
              width={Math.max(1, bar - 2)}
              height={h}
              fill="currentColor"
            />
          );
        })}
      </Box>
      <Typography component="figcaption" variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {peak
          ? t('store.browse.detail.chartSummary', {
              total,
              days,
              peakDay: peak.day,
              peak: peak.count,
              allTime,
            })
          : t('store.browse.detail.chartEmpty', { days, allTime })}
      </Typography>
      <Box component="table" sx={visuallyHidden}>
        <caption>{t('store.browse.detail.downloadsChart', { days })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('store.browse.detail.day')}</th>
            <th scope="col">{t('store.browse.detail.count')}</th>
          </tr>
        </thead>
        <tbody>
          {series.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
