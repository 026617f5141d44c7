import { Box, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** One admin page: its h1, optional actions beside it, and the content. */
export function AdminPage(props: {
  testId: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={props.testId} sx={{ pt: 3 }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h1" id={headingId} sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
          {props.title}
        </Typography>
        {props.actions ? (
          <Stack direction="row" spacing={1}>
            {props.actions}
          </Stack>
        ) : null}
      </Stack>
      {props.children}
    </Box>
  );
}
