import { Link, MenuItem, Stack, TextField } from '@mui/material';
import { type Product, merchantRoutes } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAdmin } from '../AdminContext';
import { ArchiveButton } from '../layout/ArchiveButton';
import { AdminPage } from '../layout/AdminPage';
import { AdminTable, type Column } from '../table/AdminTable';
import { matchesSearch } from '../table/cursorPages';
import { SearchField } from '../table/SearchField';
import { useCursorList } from '../table/useCursorList';
import { useDebounced } from '../table/useDebounced';
import { formatDate } from '../layout/formatDate';
import { ProductDialog } from './ProductDialog';
import { TranslatedName } from './TranslatedName';
import { ActiveChip } from '../layout/ActiveChip';
import { AddButton } from '../layout/AddButton';
import { actionsColumn } from '../table/actionsColumn';
import { EditButton, RowActions } from '../table/RowActions';

type ActiveFilter = '' | 'true' | 'false';

/** `{mount}/admin/products`: products of the current mode, create, edit and archive. */
export function ProductsPage() {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<ActiveFilter>('true');
  const [dialog, setDialog] = useState<{ editing?: Product } | null>(null);
  const q = useDebounced(search);
  const { rows, list, pagination } = useCursorList(merchantRoutes.products.list, { active });
  const shown = rows.filter((p) => matchesSearch(q, [p.name, p.id, p.description]));
  const columns: Column<Product>[] = [
    {
      key: 'name',
      label: t('payment.admin.products.name'),
      // The merchant's own text (what they edit), the visitors' translation beneath it.
      render: (p) => (
        <>
          <Link component={RouterLink} to={admin.page(`products/${p.id}`)}>
            {p.name}
          </Link>
          <TranslatedName product={p} />
        </>
      ),
    },
    {
      key: 'type',
      label: t('payment.admin.products.type'),
      render: (p) => t(`payment.admin.products.types.${p.type}`),
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (p) => <ActiveChip active={p.active} />,
    },
    {
      key: 'created',
      label: t('payment.admin.common.created'),
      render: (p) => formatDate(p.created_at, i18n.language),
    },
    actionsColumn(t('payment.admin.common.actions'), (p: Product) => (
      <RowActions>
        <EditButton onClick={() => setDialog({ editing: p })} />
        {p.active ? <ArchiveButton table={merchantRoutes.products} id={p.id} name={p.name} /> : null}
      </RowActions>
    )),
  ];
  return (
    <AdminPage
      testId="page-admin-products"
      title={t('payment.admin.products.title')}
      actions={
        <AddButton
          label={t('payment.admin.products.create')}
          testId="product-create"
          onClick={() => setDialog({})}
        />
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField label={t('payment.admin.common.search')} value={search} onChange={setSearch} />
        <TextField
          select
          size="small"
          label={t('payment.admin.common.status')}
          value={active}
          onChange={(e) =>
            setActive(e.target.value === 'true' || e.target.value === 'false' ? e.target.value : '')
          }
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('payment.admin.common.all')}</MenuItem>
          <MenuItem value="true">{t('payment.admin.common.active')}</MenuItem>
          <MenuItem value="false">{t('payment.admin.common.archived')}</MenuItem>
        </TextField>
      </Stack>
      <AdminTable
        testId="products-table"
        label={t('payment.admin.products.title')}
        columns={columns}
        rows={shown}
        loading={list.isFetching}
        error={list.error}
        empty={t('payment.admin.products.empty')}
        pagination={pagination}
      />
      {dialog ? <ProductDialog editing={dialog.editing} onClose={() => setDialog(null)} /> : null}
    </AdminPage>
  );
}
