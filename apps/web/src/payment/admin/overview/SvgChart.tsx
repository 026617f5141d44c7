import { Box, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Point } from './series';

const W = 600;
const H = 180;
const PAD = 4;

/**
 * Pixel height of `value` against `max`. Only the drawing is scaled (exact amounts stay bigint and are
 * what the table shows): the ratio is taken on bigint with 1/10000 resolution.
 */
export function barHeight(value: bigint, max: bigint, height: number): number {
  if (max <= 0n || value <= 0n) return 0;
  return (Number((value * 10_000n) / max) / 10_000) * height;
}

interface SvgChartProps {
  kind: 'bar' | 'line';
  /** What the picture shows, e.g. "Revenue per day in TUSD, last 30 days". */
  label: string;
  points: readonly Point[];
  format(value: bigint): string;
  testId: string;
}

/**
 * A hand-drawn SVG chart (no chart library in the admin bundle). Screen readers get the label and a
 * table of every day; everyone can open the same table below the picture.
 */
export function SvgChart(props: SvgChartProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { points } = props;
  const max = points.reduce((m, p) => (p.value > m ? p.value : m), 0n);
  const step = points.length > 0 ? (W - PAD * 2) / points.length : 0;
  const y = (v: bigint) => H - PAD - barHeight(v, max, H - PAD * 2);
  const line = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${(PAD + step * (i + 0.5)).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join(' ');
  const last = points[points.length - 1];
  return (
    <Box data-testid={props.testId}>
      <Box
        component="svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={titleId}
        preserveAspectRatio="none"
        sx={{ width: '100%', height: { xs: 120, sm: 180 }, display: 'block', color: 'primary.main' }}
      >
        <title
          id={titleId}
        >{`${props.label}: ${t('payment.admin.insights.overview.total')} ${props.format(max)}`}</title>
        <line x1={0} x2={W} y1={H - PAD} y2={H - PAD} stroke="currentColor" strokeOpacity={0.3} />
        {props.kind === 'bar' ? (
          points.map((p, i) => (
            <rect
              key={p.date}
              x={PAD + step * i + step * 0.1}
              width={Math.max(step * 0.8, 1)}
              y={y(p.value)}
              height={H - PAD - y(p.value)}
              fill="currentColor"
            />
          ))
        ) : (
          <path
            d={line}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {points[0]?.date} – {last?.date} · max {props.format(max)}
      </Typography>
      <Box component="details" sx={{ mt: 1 }}>
        <Box component="summary" sx={{ cursor: 'pointer' }}>
          {t('payment.admin.insights.overview.showTable')}
        </Box>
        <Box sx={{ overflowX: 'auto', maxHeight: 240 }}>
          <Box component="table" sx={{ borderCollapse: 'collapse', fontSize: 13, width: '100%' }}>
            <caption style={{ textAlign: 'left' }}>{props.label}</caption>
            <thead>
              <tr>
                <th scope="col" style={{ textAlign: 'left' }}>
                  {t('payment.admin.insights.overview.date')}
                </th>
                <th scope="col" style={{ textAlign: 'right' }}>
                  {t('payment.admin.insights.overview.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.date}>
                  <td>{p.date}</td>
                  <td style={{ textAlign: 'right' }}>{props.format(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
