import { storeDeveloperRoutes } from '@payshelf/api';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { Box, Button, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';
import { storeCall } from '../dev/api';
import { CreateBlockletDialog } from '../dev/CreateBlockletDialog';
import { DeveloperBlockletCard } from '../dev/DeveloperBlockletCard';
import { developerBlockletsKey } from '../dev/keys';
import { LoadState } from '../dev/LoadState';

/** `/developer/blocklets`: the applications the developer publishes, their uploads and reviews. */
export function DeveloperBlockletsPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: developerBlockletsKey,
    queryFn: ({ signal }) => storeCall(storeDeveloperRoutes.mine, {}, signal),
    retry: false,
  });
  const rows = list.data?.dataList ?? [];
  return (
    <PageSection testId="page-developer-blocklets" title={t('store.developerBlocklets.title')}>
      <LoadState query={list} developer>
        <Box sx={{ my: 2 }}>
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setCreating(true)}
            data-testid="create-blocklet"
          >
            {t('store.dev.blocklets.create')}
          </Button>
        </Box>
        {rows.length === 0 ? (
          <EmptyState
            icon={<Inventory2Outlined />}
            title={t('store.developerBlocklets.emptyTitle')}
            description={t('store.developerBlocklets.emptyDescription')}
          />
        ) : (
          <Stack spacing={2}>
            {rows.map((b) => (
              <DeveloperBlockletCard key={b.did} blocklet={b} />
            ))}
          </Stack>
        )}
      </LoadState>
      {creating ? <CreateBlockletDialog onClose={() => setCreating(false)} /> : null}
    </PageSection>
  );
}
