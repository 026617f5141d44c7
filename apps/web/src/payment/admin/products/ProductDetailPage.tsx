import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { Alert, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { merchantRoutes } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAdmin } from '../AdminContext';
import { useAdminObject } from '../api/hooks';
import { AdminPage } from '../layout/AdminPage';
import { ArchiveButton } from '../layout/ArchiveButton';
import { CopyButton } from '../layout/CopyButton';
import { useCurrencies } from '../methods/useCurrencies';
import { PriceDialog } from '../prices/PriceDialog';
import { PricesTable } from '../prices/PricesTable';
import { useCursorList } from '../table/useCursorList';
import { ProductDialog } from './ProductDialog';
import { ActiveChip } from '../layout/ActiveChip';
import { TranslatedName } from './TranslatedName';
import { AddButton } from '../layout/AddButton';

/** `{mount}/admin/products/:id`: one product, its prices, and new prices of every kind. */
export function ProductDetailPage() {
  const { t } = useTranslation();
  const admin = useAdmin();
  const { id } = useParams();
  const item = useAdminObject(merchantRoutes.products.retrieve, id);
  const prices = useCursorList(merchantRoutes.prices.list, { product_id: id });
  const { currencies } = useCurrencies();
  const [dialog, setDialog] = useState<'edit' | 'price' | null>(null);
  const p = item.data;
  const back = (
    <Button component={RouterLink} to={admin.page('products')} startIcon={<ArrowBackOutlined />}>
      {t('payment.admin.products.title')}
    </Button>
  );
  if (item.isError) {
    return (
      <AdminPage testId="page-admin-product" title={t('payment.admin.products.notFound')} actions={back}>
        <Alert severity="error">{item.error.message}</Alert>
      </AdminPage>
    );
  }
  return (
    <AdminPage
      testId="page-admin-product"
      title={p?.name ?? t('payment.admin.common.loading')}
      actions={
        <>
          {back}
          {p ? <Button onClick={() => setDialog('edit')}>{t('payment.admin.common.edit')}</Button> : null}
          {p?.active ? <ArchiveButton table={merchantRoutes.products} id={p.id} name={p.name} /> : null}
        </>
      }
    >
      {p ? (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Chip size="small" label={t(`payment.admin.products.types.${p.type}`)} />
            <ActiveChip active={p.active} />
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {p.id}
            </Typography>
            <CopyButton text={p.id} label={t('payment.admin.common.copyId')} />
          </Stack>
          <TranslatedName product={p} />
          {p.description ? <Typography color="text.secondary">{p.description}</Typography> : null}
        </Paper>
      ) : null}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('payment.admin.prices.title')}
        </Typography>
        <AddButton
          label={t('payment.admin.prices.create')}
          testId="price-create"
          onClick={() => setDialog('price')}
          disabled={!p?.active}
        />
      </Stack>
      <PricesTable
        rows={prices.rows}
        loading={prices.list.isFetching}
        error={prices.list.error}
        pagination={prices.pagination}
        currencies={currencies}
      />
      {dialog === 'edit' && p ? <ProductDialog editing={p} onClose={() => setDialog(null)} /> : null}
      {dialog === 'price' && p ? (
        <PriceDialog
          productId={p.id}
          prices={prices.rows}
          currencies={currencies}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </AdminPage>
  );
}
