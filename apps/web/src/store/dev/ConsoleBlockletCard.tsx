import { type Category, type OwnedBlocklet, type CallInput } from '@payshelf/api';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, storeCall } from './api';
import { CONSOLE_WRITES, type ConsoleWrite } from './consoleWrites';
import { CommentThread } from './CommentThread';
import { ConsoleDialogs, type ConsoleDialog } from './ConsoleDialogs';
import { commentableVersions } from './format';
import { consoleBlockletsKey } from './keys';
import { BlockStatusChip, VersionStatusChip } from './StatusChip';

/** The label of a category in the page's language. */
export function categoryLabel(c: Category, locale: string): string {
  return locale === 'zh' ? c.locales.zh : c.locales.en;
}

/** One application in the console: review actions, block or unblock, category, the review thread. */
export function ConsoleBlockletCard({
  blocklet: b,
  categories,
  locale,
}: {
  blocklet: OwnedBlocklet;
  categories: Category[];
  locale: string;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<ConsoleDialog | null>(null);
  const name = b.title || b.name;
  const version = b.review_version;
  const send = useMutation({
    mutationFn: (input: ConsoleWrite) =>
      storeCall(CONSOLE_WRITES[input.path], {
        params: { did: b.did },
        body: input.body,
      } as unknown as CallInput<(typeof CONSOLE_WRITES)[ConsoleWrite['path']]>),
    onSuccess: async (_data, input) => {
      enqueueSnackbar(input.done, { variant: 'success' });
      setDialog(null);
      await client.invalidateQueries({ queryKey: consoleBlockletsKey });
      await client.invalidateQueries({ queryKey: ['store', 'comments', b.did] });
    },
  });
  return (
    <Card variant="outlined" data-testid={`console-blocklet-${b.name}`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h2" sx={{ fontSize: '1.15rem', mr: 1 }}>
              {name}
            </Typography>
            <BlockStatusChip status={b.status} />
            {b.review_status ? <VersionStatusChip status={b.review_status} /> : null}
            {version ? <Typography variant="body2">{version}</Typography> : null}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {b.name} · {b.did} · {t('store.dev.console.owner')}: {b.owner.fullName || b.owner.did}
          </Typography>
          {b.status === 'blocked' ? (
            <Alert severity="error">
              {t('store.dev.blocklets.blockedReason', { reason: b.block_reason ?? '' })}
            </Alert>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label={t('store.dev.console.category')}
              value={b.category?.id ?? ''}
              disabled={send.isPending}
              onChange={(e) =>
                send.mutate({
                  path: '',
                  body: { category: e.target.value || null },
                  done: t('store.dev.console.updated', { name }),
                })
              }
              sx={{ minWidth: 180 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('store.dev.console.noCategory')}</MenuItem>
              {categories.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {categoryLabel(c, locale)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('store.dev.console.reviewType')}
              value={b.review_type}
              disabled={send.isPending}
              onChange={(e) =>
                send.mutate({
                  path: '',
                  body: { reviewType: e.target.value },
                  done: t('store.dev.console.updated', { name }),
                })
              }
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="first">{t('store.dev.console.reviewTypes.first')}</MenuItem>
              <MenuItem value="each">{t('store.dev.console.reviewTypes.each')}</MenuItem>
            </TextField>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {version && b.review_status === 'pending_review' ? (
              <Button
                size="small"
                variant="contained"
                disabled={send.isPending}
                data-testid={`start-review-${b.name}`}
                onClick={() =>
                  send.mutate({
                    path: '/review',
                    body: { version, action: 'start' },
                    done: t('store.dev.console.reviewStarted', { version }),
                  })
                }
              >
                {t('store.dev.console.startReview')}
              </Button>
            ) : null}
            {version && b.review_status === 'in_review' ? (
              <>
                <Button
                  size="small"
                  variant="contained"
                  color="success"
                  onClick={() => setDialog('approve')}
                  data-testid={`approve-${b.name}`}
                >
                  {t('store.dev.console.approve')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setDialog('reject')}
                  data-testid={`reject-${b.name}`}
                >
                  {t('store.dev.console.reject')}
                </Button>
              </>
            ) : null}
            {b.status === 'blocked' ? (
              <Button
                size="small"
                disabled={send.isPending}
                onClick={() =>
                  send.mutate({
                    path: '/unblock',
                    body: {},
                    done: t('store.dev.console.unblocked', { name }),
                  })
                }
              >
                {t('store.dev.console.unblock')}
              </Button>
            ) : (
              <Button
                size="small"
                color="error"
                onClick={() => setDialog('block')}
                data-testid={`block-${b.name}`}
              >
                {t('store.dev.console.block')}
              </Button>
            )}
          </Stack>
          {send.isError && dialog === null ? <Alert severity="error">{messageOf(send.error)}</Alert> : null}
          <Accordion disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
              <Typography>
                {t('store.dev.blocklets.versions')} ({b.versions.length}) ·{' '}
                {t('store.dev.blocklets.comments')}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <CommentThread did={b.did} versions={commentableVersions(b.versions)} />
            </AccordionDetails>
          </Accordion>
        </Stack>
      </CardContent>
      {dialog ? (
        <ConsoleDialogs
          key={dialog}
          dialog={dialog}
          blocklet={b}
          categories={categories}
          locale={locale}
          busy={send.isPending}
          error={send.isError ? messageOf(send.error) : null}
          onSend={(input) => send.mutate(input)}
          onClose={() => {
            send.reset();
            setDialog(null);
          }}
        />
      ) : null}
    </Card>
  );
}
