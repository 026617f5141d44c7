import { type Category, storeConsoleRoutes } from '@payshelf/api';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Box,
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';
import { AdminOnly } from '../dev/AdminOnly';
import { messageOf, storeCall } from '../dev/api';
import { CategoryDialog } from '../dev/CategoryDialog';
import { ConfirmDialog } from '../dev/ConfirmDialog';
import { categoriesKey } from '../dev/keys';
import { LoadState } from '../dev/LoadState';

function DeleteCategoryDialog({ target, onClose }: { target: Category; onClose(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => storeCall(storeConsoleRoutes.deleteCategory, { params: { id: target.id } }),
    onSuccess: async () => {
      enqueueSnackbar(t('store.dev.categories.deleted', { name: target.locales.en }), { variant: 'success' });
      await client.invalidateQueries({ queryKey: categoriesKey });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      title={t('store.dev.categories.deleteTitle', { name: target.locales.en })}
      text={t('store.dev.categories.deleteText')}
      confirmLabel={t('store.dev.common.delete')}
      busy={remove.isPending}
      error={remove.isError ? messageOf(remove.error) : null}
      testId="category-delete-dialog"
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    />
  );
}

function Categories() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const list = useQuery({
    queryKey: categoriesKey,
    queryFn: ({ signal }) => storeCall(storeConsoleRoutes.categories, {}, signal),
    retry: false,
  });
  const rows = list.data?.dataList ?? [];
  return (
    <LoadState query={list}>
      <Box sx={{ my: 2 }}>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setEditing('new')}
          data-testid="create-category"
        >
          {t('store.dev.categories.create')}
        </Button>
      </Box>
      {rows.length === 0 ? (
        <EmptyState
          icon={<CategoryOutlined />}
          title={t('store.consoleCategories.emptyTitle')}
          description={t('store.consoleCategories.emptyDescription')}
        />
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('store.consoleCategories.title')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('store.dev.categories.slug')}
                </TableCell>
                <TableCell>{t('store.dev.categories.en')}</TableCell>
                <TableCell>{t('store.dev.categories.zh')}</TableCell>
                <TableCell align="right">{t('store.dev.tokens.actionsCol')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id} data-testid={`category-row-${c.name}`}>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontFamily: 'monospace' }}>
                    {c.name}
                  </TableCell>
                  <TableCell>{c.locales.en}</TableCell>
                  <TableCell>{c.locales.zh}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('store.dev.categories.editLabel', { name: c.locales.en })}>
                      <IconButton
                        aria-label={t('store.dev.categories.editLabel', { name: c.locales.en })}
                        onClick={() => setEditing(c)}
                      >
                        <EditOutlined />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('store.dev.categories.deleteLabel', { name: c.locales.en })}>
                      <IconButton
                        color="error"
                        aria-label={t('store.dev.categories.deleteLabel', { name: c.locales.en })}
                        onClick={() => setDeleting(c)}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing ? (
        <CategoryDialog editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? <DeleteCategoryDialog target={deleting} onClose={() => setDeleting(null)} /> : null}
    </LoadState>
  );
}

/** `/console/categories`: store admins add, rename (en and zh) and delete categories. */
export function ConsoleCategoriesPage() {
  const { t } = useTranslation();
  return (
    <AdminOnly>
      <PageSection testId="page-console-categories" title={t('store.consoleCategories.title')}>
        <Categories />
      </PageSection>
    </AdminOnly>
  );
}
