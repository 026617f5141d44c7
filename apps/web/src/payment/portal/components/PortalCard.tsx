import { Paper, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** One titled block of a portal page (a labelled region). */
export function PortalCard({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
    >
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.125rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
