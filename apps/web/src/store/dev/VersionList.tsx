import type { VersionDetail } from '@payshelf/api';
import { Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../platform/locale/useLocale';
import { formatBytes, formatWhen } from './format';
import { VersionStatusChip } from './StatusChip';

/** Every version, newest first, with its status, "signed" when its upload was, and the time it reached each status. */
export function VersionList({ versions }: { versions: VersionDetail[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (versions.length === 0)
    return <Typography color="text.secondary">{t('store.dev.blocklets.noVersions')}</Typography>;
  const when = (iso: string | null) => formatWhen(iso, locale);
  const sorted = [...versions].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <List dense disablePadding>
      {sorted.map((v) => {
        const times = [
          t('store.dev.blocklets.uploadedAt', { at: when(v.created_at) }),
          v.pending_at ? t('store.dev.blocklets.pendingAt', { at: when(v.pending_at) }) : null,
          v.in_review_at ? t('store.dev.blocklets.inReviewAt', { at: when(v.in_review_at) }) : null,
          v.approved_at ? t('store.dev.blocklets.approvedAt', { at: when(v.approved_at) }) : null,
          v.rejected_at ? t('store.dev.blocklets.rejectedAt', { at: when(v.rejected_at) }) : null,
          v.cancelled_at ? t('store.dev.blocklets.cancelledAt', { at: when(v.cancelled_at) }) : null,
          v.published_at ? t('store.dev.blocklets.publishedAt', { at: when(v.published_at) }) : null,
        ].filter((x): x is string => x !== null);
        return (
          <ListItem key={v.version} disableGutters data-testid={`version-${v.version}`}>
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {v.version}
                  </Typography>
                  <VersionStatusChip status={v.status} />
                  {v.signed ? (
                    <Chip
                      size="small"
                      variant="outlined"
                      color="success"
                      label={t('store.browse.detail.signed')}
                      title={t('store.browse.detail.signedHint')}
                    />
                  ) : null}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {formatBytes(v.size)}
                  </Typography>
                </Stack>
              }
              secondary={times.join(' · ')}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
