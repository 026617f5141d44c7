import { Paper, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** One titled part of the customer page (an h2 and its content). */
export function Section(props: { title: string; testId: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: 2, mt: 2, minWidth: 0 }}
      data-testid={props.testId}
    >
      <Typography variant="h2" id={id} sx={{ fontSize: '1.1rem', mb: 1 }}>
        {props.title}
      </Typography>
      {props.children}
    </Paper>
  );
}
