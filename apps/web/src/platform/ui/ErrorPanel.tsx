import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface ErrorPanelProps {
  testId: string;
  icon: ReactNode;
  /** Small line above the title, e.g. "Error 404". */
  overline?: string;
  title: string;
  description: string;
  actions: ReactNode;
}

/** The centred layout shared by the error pages and the error boundary. */
export function ErrorPanel({ testId, icon, overline, title, description, actions }: ErrorPanelProps) {
  return (
    <Stack
      component="section"
      data-testid={testId}
      spacing={2}
      sx={{
        alignItems: 'center',
        textAlign: 'center',
        px: 2,
        py: { xs: 8, sm: 12 },
        mx: 'auto',
        maxWidth: 560,
      }}
    >
      <Box aria-hidden sx={{ color: 'text.secondary', '& svg': { fontSize: 64 } }}>
        {icon}
      </Box>
      {overline ? (
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          {overline}
        </Typography>
      ) : null}
      <Typography variant="h1">{title}</Typography>
      <Typography sx={{ color: 'text.secondary' }}>{description}</Typography>
      <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
        {actions}
      </Stack>
    </Stack>
  );
}
