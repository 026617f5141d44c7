import { Box, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** A titled part of the detail page (an h2 and its content, labelled for assistive technology). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
