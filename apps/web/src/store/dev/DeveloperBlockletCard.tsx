import { type OwnedBlocklet, storeDeveloperRoutes } from '@payshelf/api';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, storeCall } from './api';
import { CommentThread } from './CommentThread';
import { ConfirmDialog } from './ConfirmDialog';
import { commentableVersions } from './format';
import { developerBlockletsKey } from './keys';
import { BlockStatusChip, VersionStatusChip } from './StatusChip';
import { UploadBundle } from './UploadBundle';
import { VersionList } from './VersionList';

/** A version the developer may act on: the draft (request review) or the one under review (cancel). */
function reviewTarget(b: OwnedBlocklet): { version: string; action: 'request' | 'cancel' } | null {
  const review = b.review_version ? b.versions.find((v) => v.version === b.review_version) : undefined;
  if (review && ['pending_review', 'in_review', 'approved'].includes(review.status))
    return { version: review.version, action: 'cancel' };
  const draft = b.draft_version ? b.versions.find((v) => v.version === b.draft_version) : undefined;
  if (draft?.status === 'draft') return { version: draft.version, action: 'request' };
  return null;
}

/** One of the developer's applications: status, upload, review request or cancel, versions, thread. */
export function DeveloperBlockletCard({ blocklet: b }: { blocklet: OwnedBlocklet }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const target = reviewTarget(b);
  const act = useMutation({
    mutationFn: (input: { version: string; action: 'request' | 'cancel' }) =>
      storeCall(
        input.action === 'request' ? storeDeveloperRoutes.requestReview : storeDeveloperRoutes.cancelReview,
        { params: { did: b.did }, body: { version: input.version } },
      ),
    onSuccess: async (_data, input) => {
      setConfirmCancel(false);
      enqueueSnackbar(
        t(
          input.action === 'request'
            ? 'store.dev.blocklets.reviewRequested'
            : 'store.dev.blocklets.reviewCancelled',
          {
            version: input.version,
          },
        ),
        { variant: 'success' },
      );
      await client.invalidateQueries({ queryKey: developerBlockletsKey });
      await client.invalidateQueries({ queryKey: ['store', 'comments', b.did] });
    },
  });
  const latest = b.latest_version ? b.versions.find((v) => v.version === b.latest_version) : undefined;
  return (
    <Card variant="outlined" data-testid={`dev-blocklet-${b.name}`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h2" sx={{ fontSize: '1.15rem', mr: 1 }}>
              {b.title || b.name}
            </Typography>
            <BlockStatusChip status={b.status} />
            <Chip size="small" variant="outlined" label={t(`store.dev.status.${b.permission}`)} />
            {latest ? (
              <VersionStatusChip status={latest.status} />
            ) : (
              <Chip size="small" label={t('store.dev.status.noVersion')} />
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {b.name} · {b.did}
          </Typography>
          {b.status === 'blocked' ? (
            <Alert severity="error">
              {t('store.dev.blocklets.blockedReason', { reason: b.block_reason ?? '' })}
            </Alert>
          ) : null}
          <Typography variant="body2">
            {t('store.dev.blocklets.latest')}: {b.latest_version ?? '—'} · {t('store.dev.blocklets.current')}:{' '}
            {b.version ?? '—'}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <UploadBundle name={b.name} disabled={b.status === 'blocked'} />
            {target?.action === 'request' ? (
              <Box>
                <Button
                  size="small"
                  variant="contained"
                  disabled={act.isPending}
                  onClick={() => act.mutate(target)}
                  data-testid={`request-review-${b.name}`}
                >
                  {t('store.dev.blocklets.requestReview')} {target.version}
                </Button>
              </Box>
            ) : null}
            {target?.action === 'cancel' ? (
              <Box>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setConfirmCancel(true)}
                  data-testid={`cancel-review-${b.name}`}
                >
                  {t('store.dev.blocklets.cancelReview')} {target.version}
                </Button>
              </Box>
            ) : null}
          </Stack>
          {act.isError && !confirmCancel ? <Alert severity="error">{messageOf(act.error)}</Alert> : null}
          <Accordion disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
              <Typography>
                {t('store.dev.blocklets.versions')} ({b.versions.length}) ·{' '}
                {t('store.dev.blocklets.comments')}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Stack spacing={2}>
                <VersionList versions={b.versions} />
                <Typography variant="h3" sx={{ fontSize: '1rem' }}>
                  {t('store.dev.blocklets.comments')}
                </Typography>
                <CommentThread did={b.did} versions={commentableVersions(b.versions)} />
              </Stack>
            </AccordionDetails>
          </Accordion>
        </Stack>
      </CardContent>
      {target?.action === 'cancel' ? (
        <ConfirmDialog
          open={confirmCancel}
          title={t('store.dev.blocklets.cancelReviewTitle', { version: target.version })}
          text={t('store.dev.blocklets.cancelReviewText')}
          confirmLabel={t('store.dev.blocklets.cancelReview')}
          busy={act.isPending}
          error={act.isError ? messageOf(act.error) : null}
          testId="cancel-review-dialog"
          onConfirm={() => act.mutate(target)}
          onClose={() => {
            act.reset();
            setConfirmCancel(false);
          }}
        />
      ) : null}
    </Card>
  );
}
