import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** A large outlined icon, e.g. <AppsOutlined />. Decorative: hidden from screen readers. */
  icon: ReactNode;
  title: string;
  description: string;
  /** An optional way forward, usually one button. */
  action?: ReactNode;
}

/** What a page shows when it has nothing to list or could not find what the address names. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Stack data-testid="empty-state" spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 8 }}>
      <Box aria-hidden sx={{ color: 'text.secondary', '& svg': { fontSize: 56 } }}>
        {icon}
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 480 }}>{description}</Typography>
      {action ? <Box sx={{ pt: 1 }}>{action}</Box> : null}
    </Stack>
  );
}
