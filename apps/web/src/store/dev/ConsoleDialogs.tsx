import type { Category, OwnedBlocklet } from '@payshelf/api';
import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';
import type { ConsoleWrite } from './consoleWrites';

export type ConsoleDialog = 'approve' | 'reject' | 'block';

interface Props {
  dialog: ConsoleDialog | null;
  blocklet: OwnedBlocklet;
  categories: Category[];
  locale: string;
  busy: boolean;
  error: string | null;
  onSend(input: ConsoleWrite): void;
  onClose(): void;
}

/**
 * The console's confirmations: approve (irreversible; with the category and review type to keep),
 * reject (irreversible; with a reason for the developer), block (with the required reason).
 */
export function ConsoleDialogs({
  dialog,
  blocklet: b,
  categories,
  locale,
  busy,
  error,
  onSend,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const [category, setCategory] = useState(b.category?.id ?? '');
  const [reviewType, setReviewType] = useState(b.review_type);
  const [reason, setReason] = useState('');
  const name = b.title || b.name;
  const version = b.review_version ?? '';
  if (dialog === 'approve') {
    return (
      <ConfirmDialog
        open
        title={t('store.dev.console.approveTitle', { name, version })}
        text={t('store.dev.console.approveText')}
        confirmLabel={t('store.dev.console.approve')}
        color="primary"
        busy={busy}
        error={error}
        testId="approve-dialog"
        onClose={onClose}
        onConfirm={() =>
          onSend({
            path: '/review',
            body: { version, action: 'approve', reviewType, ...(category ? { category } : {}) },
            done: t('store.dev.console.approved', { name, version }),
          })
        }
      >
        <TextField
          select
          size="small"
          label={t('store.dev.console.category')}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('store.dev.console.noCategory')}</MenuItem>
          {categories.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {locale === 'zh' ? c.locales.zh : c.locales.en}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('store.dev.console.reviewType')}
          value={reviewType}
          onChange={(e) => setReviewType(e.target.value === 'first' ? 'first' : 'each')}
        >
          <MenuItem value="first">{t('store.dev.console.reviewTypes.first')}</MenuItem>
          <MenuItem value="each">{t('store.dev.console.reviewTypes.each')}</MenuItem>
        </TextField>
      </ConfirmDialog>
    );
  }
  if (dialog === 'reject') {
    return (
      <ConfirmDialog
        open
        title={t('store.dev.console.rejectTitle', { name, version })}
        text={t('store.dev.console.rejectText')}
        confirmLabel={t('store.dev.console.reject')}
        busy={busy}
        error={error}
        testId="reject-dialog"
        onClose={onClose}
        onConfirm={() =>
          onSend({
            path: '/review',
            body: { version, action: 'reject', ...(reason.trim() ? { reason: reason.trim() } : {}) },
            done: t('store.dev.console.rejected', { name, version }),
          })
        }
      >
        <TextField
          label={t('store.dev.console.rejectReason')}
          value={reason}
          multiline
          minRows={2}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
      </ConfirmDialog>
    );
  }
  if (dialog === 'block') {
    return (
      <ConfirmDialog
        open
        title={t('store.dev.console.blockTitle', { name })}
        text={t('store.dev.console.blockText')}
        confirmLabel={t('store.dev.console.block')}
        busy={busy}
        error={error}
        confirmDisabled={!reason.trim()}
        testId="block-dialog"
        onClose={onClose}
        onConfirm={() =>
          onSend({
            path: '/block',
            body: { reason: reason.trim() },
            done: t('store.dev.console.blocked', { name }),
          })
        }
      >
        <TextField
          label={t('store.dev.console.blockReason')}
          value={reason}
          required
          autoFocus
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'block-reason' } }}
        />
      </ConfirmDialog>
    );
  }
  return null;
}
