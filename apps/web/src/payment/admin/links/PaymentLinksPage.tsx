import { Alert, Chip, Stack, Typography } from '@mui/material';
import { type PaymentLink, merchantRoutes } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../layout/AdminPage';
import { ArchiveButton } from '../layout/ArchiveButton';
import { formatDate } from '../layout/formatDate';
import { AdminTable, type Column } from '../table/AdminTable';
import { matchesSearch } from '../table/cursorPages';
import { SearchField } from '../table/SearchField';
import { useCursorList } from '../table/useCursorList';
import { useDebounced } from '../table/useDebounced';
import { LinkDialog } from './LinkDialog';
import { LinkUrlActions } from './LinkUrlActions';
import { ActiveChip } from '../layout/ActiveChip';
import { AddButton } from '../layout/AddButton';
import { actionsColumn } from '../table/actionsColumn';
import { RowActions } from '../table/RowActions';

function itemsText(link: PaymentLink): string {
  return link.line_items.map((i) => `${i.price?.product?.name ?? i.price_id} × ${i.quantity}`).join(', ');
}

/** `{mount}/admin/payment-links`: links of the current mode; create, copy or open the URL, archive. */
export function PaymentLinksPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<PaymentLink | null>(null);
  const q = useDebounced(search);
  const { rows, list, pagination } = useCursorList(merchantRoutes.paymentLinks.list);
  const shown = rows.filter((l) => matchesSearch(q, [l.name, l.id, itemsText(l)]));
  const columns: Column<PaymentLink>[] = [
    {
      key: 'name',
      label: t('payment.admin.links.name'),
      render: (l) => (
        <Stack>
          <span>{l.name ?? l.id}</span>
          <Typography variant="caption" color="text.secondary">
            {itemsText(l)}
          </Typography>
        </Stack>
      ),
    },
    {
      key: 'status',
      label: t('payment.admin.common.status'),
      render: (l) => (
        <Stack direction="row" spacing={0.5}>
          <ActiveChip active={l.active} />
          {l.donation_settings ? <Chip size="small" label={t('payment.admin.links.donationBadge')} /> : null}
        </Stack>
      ),
    },
    {
      key: 'created',
      label: t('payment.admin.common.created'),
      render: (l) => formatDate(l.created_at, i18n.language),
    },
    actionsColumn(t('payment.admin.common.actions'), (l: PaymentLink) => (
      <RowActions>
        {l.active ? <LinkUrlActions url={l.url} /> : null}
        {l.active ? (
          <ArchiveButton table={merchantRoutes.paymentLinks} id={l.id} name={l.name ?? l.id} />
        ) : null}
      </RowActions>
    )),
  ];
  return (
    <AdminPage
      testId="page-admin-links"
      title={t('payment.admin.links.title')}
      actions={
        <AddButton
          label={t('payment.admin.links.create')}
          testId="link-create"
          onClick={() => setCreating(true)}
        />
      }
    >
      {created ? (
        <Alert
          severity="success"
          onClose={() => setCreated(null)}
          sx={{ mb: 2 }}
          data-testid="link-created"
          action={<LinkUrlActions url={created.url} />}
        >
          {t('payment.admin.links.createdAt')}{' '}
          <Typography
            component="span"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
            data-testid="link-created-url"
          >
            {created.url}
          </Typography>
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ mb: 2 }}>
        <SearchField label={t('payment.admin.common.search')} value={search} onChange={setSearch} />
      </Stack>
      <AdminTable
        testId="links-table"
        label={t('payment.admin.links.title')}
        columns={columns}
        rows={shown}
        loading={list.isFetching}
        error={list.error}
        empty={t('payment.admin.links.empty')}
        pagination={pagination}
      />
      {creating ? (
        <LinkDialog
          onClose={() => setCreating(false)}
          onCreated={(link) => {
            setCreating(false);
            setCreated(link);
          }}
        />
      ) : null}
    </AdminPage>
  );
}
