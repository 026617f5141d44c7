import { Box } from '@mui/material';
import type { ComponentProps } from 'react';
import { PageSection } from '../../../platform/ui/PageSection';

/** The page frame of a portal page; its title (an invoice id, a product name) wraps on narrow screens. */
export function PortalSection(props: ComponentProps<typeof PageSection>) {
  return (
    <Box sx={{ '& h1': { overflowWrap: 'anywhere' } }}>
      <PageSection {...props} />
    </Box>
  );
}
