import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { barHeight, type UsageTable } from './usageChart';

/** Series colours with at least 3:1 contrast on white (WCAG 1.4.11, graphics). */
const COLORS = ['#1565c0', '#2e7d32', '#c62828', '#6a1b9a', '#e65100', '#00695c'];
const HEIGHT = 160;
const BAR = 14;
const GAP = 6;

/**
 * Usage per customer per day: simple SVG bars stacked by customer with a legend, or (for screen readers
 * and anyone who asks) the same numbers as a table.
 */
export function UsageChart({ table, unit }: { table: UsageTable; unit: string }) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const width = table.days.length * (BAR + GAP);
  const first = table.days[0] ?? '';
  const last = table.days.at(-1) ?? '';
  const color = (c: number) => COLORS[c % COLORS.length] ?? '#1565c0';

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" onClick={() => setAsTable(!asTable)} data-testid="usage-toggle">
          {asTable ? t('payment.admin.meters.showChart') : t('payment.admin.meters.showTable')}
        </Button>
      </Stack>
      {asTable ? (
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0}>
          <Table size="small" aria-label={t('payment.admin.meters.usage')} data-testid="usage-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('payment.admin.meters.day')}</TableCell>
                {table.customers.map((c) => (
                  <TableCell key={c} align="right">
                    {c}
                  </TableCell>
                ))}
                <TableCell align="right">{t('payment.admin.meters.total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {table.days.map((day, d) =>
                table.totals[d] === 0n ? null : (
                  <TableRow key={day}>
                    <TableCell>{day}</TableCell>
                    {table.customers.map((c, i) => (
                      <TableCell key={c} align="right">
                        {String(table.values[d]?.[i] ?? 0n)}
                      </TableCell>
                    ))}
                    <TableCell align="right">{`${String(table.totals[d] ?? 0n)} ${unit}`}</TableCell>
                  </TableRow>
                ),
              )}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <svg
              role="img"
              aria-label={t('payment.admin.meters.chartLabel', { from: first, to: last })}
              viewBox={`0 0 ${width} ${HEIGHT + 1}`}
              width="100%"
              height={HEIGHT + 1}
              preserveAspectRatio="none"
              data-testid="usage-chart"
            >
              <line x1={0} y1={HEIGHT} x2={width} y2={HEIGHT} stroke="#757575" strokeWidth={1} />
              {table.days.map((day, d) => {
                let y = HEIGHT;
                return (
                  <g key={day}>
                    <title>{`${day}: ${String(table.totals[d] ?? 0n)} ${unit}`}</title>
                    {table.customers.map((c, i) => {
                      const h = barHeight(table.values[d]?.[i] ?? 0n, table.max, HEIGHT);
                      y -= h;
                      return h > 0 ? (
                        <rect key={c} x={d * (BAR + GAP)} y={y} width={BAR} height={h} fill={color(i)} />
                      ) : null;
                    })}
                  </g>
                );
              })}
            </svg>
          </Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="caption">{first}</Typography>
            <Typography variant="caption">{last}</Typography>
          </Stack>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}
          >
            {table.customers.map((c, i) => (
              <Box component="li" key={c} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box aria-hidden sx={{ width: 12, height: 12, bgcolor: color(i), borderRadius: 0.5 }} />
                <Typography variant="body2">{c}</Typography>
              </Box>
            ))}
          </Box>
        </>
      )}
    </Stack>
  );
}
