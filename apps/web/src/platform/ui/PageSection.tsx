import { Box, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

interface PageSectionProps {
  /** `data-testid` of the page, e.g. `page-home`. */
  testId: string;
  title: string;
  subtitle?: string;
  children?: ReactNode;
}

/** The frame of one page inside the layout's <main>: a labelled section with the page's h1. */
export function PageSection({ testId, title, subtitle, children }: PageSectionProps) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 4 } }}
    >
      <Typography variant="h1" id={headingId}>
        {title}
      </Typography>
      {subtitle ? <Typography sx={{ mt: 1, color: 'text.secondary' }}>{subtitle}</Typography> : null}
      {children}
    </Box>
  );
}
