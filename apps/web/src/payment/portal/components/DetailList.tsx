import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface DetailRow {
  /** Stable key and `data-testid` suffix, e.g. `total` -> `detail-total`. */
  id: string;
  label: string;
  value: ReactNode;
}

/** Label and value pairs as a description list: two columns from `sm` up, stacked on phones. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1.25 },
        m: 0,
      }}
    >
      {rows.map((row) => (
        <Box key={row.id} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', pt: { xs: 1, sm: 0 } }}>
            {row.label}
          </Typography>
          <Typography
            component="dd"
            data-testid={`detail-${row.id}`}
            sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
