import { Stack } from '@mui/material';
import type { ReactNode } from 'react';

/** Fields side by side (stacked on phones); with `label`, a group named by it. */
export function FieldRow({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      role={label === undefined ? undefined : 'group'}
      aria-label={label}
    >
      {children}
    </Stack>
  );
}
