import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { Box, Button, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The back link of a detail page to its list. */
export function BackLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={to} startIcon={<ArrowBackOutlined />} size="small" sx={{ mb: 1 }}>
      {t('payment.admin.billing.back')}
    </Button>
  );
}

/** Label/value pairs in a card: two columns on wide screens, one on a phone. */
export function Facts({ rows, testId }: { rows: ReadonlyArray<[string, ReactNode]>; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
          columnGap: 2,
          rowGap: 1,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" variant="body2">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }} variant="body2">
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
