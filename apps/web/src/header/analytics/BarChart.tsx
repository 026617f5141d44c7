import { Box, useTheme } from '@mui/material';
import { layoutBars } from './barChart';

interface BarChartProps {
  data: ReadonlyArray<{ label: string; value: number }>;
  title: string;
  barLabel: (label: string, value: number) => string;
  height?: number;
}

const WIDTH = 720;
const AXIS = 20;

/** A small responsive SVG bar chart: one bar per entry, first and last labels under the axis. */
export function BarChart({ data, title, barLabel, height = 220 }: BarChartProps) {
  const theme = useTheme();
  const plotHeight = height - AXIS;
  const bars = layoutBars(data, WIDTH, plotHeight);
  const first = bars[0];
  const last = bars[bars.length - 1];
  return (
    <Box
      component="svg"
      role="img"
      aria-label={title}
      data-testid="bar-chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      sx={{ width: '100%', height: 'auto', display: 'block' }}
    >
      <line x1={0} x2={WIDTH} y1={plotHeight} y2={plotHeight} stroke={theme.palette.divider} />
      {bars.map((bar) => (
        <rect
          key={bar.label}
          data-testid="bar"
          x={bar.x}
          y={bar.y}
          width={bar.width}
          height={bar.height}
          rx={2}
          fill={theme.palette.primary.main}
        >
          <title>{barLabel(bar.label, bar.value)}</title>
        </rect>
      ))}
      {first ? (
        <text x={0} y={height - 4} fontSize={12} fill={theme.palette.text.secondary}>
          {first.label}
        </text>
      ) : null}
      {last && last !== first ? (
        <text x={WIDTH} y={height - 4} fontSize={12} textAnchor="end" fill={theme.palette.text.secondary}>
          {last.label}
        </text>
      ) : null}
    </Box>
  );
}
