import { type ReviewComment, storeDeveloperRoutes } from '@payshelf/api';
import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../platform/locale/useLocale';
import { messageOf, storeCall } from './api';
import { formatWhen } from './format';

export const commentsKey = (did: string) => ['store', 'comments', did] as const;

/**
 * The review thread of an application (every version, oldest first) between its developer and the
 * reviewers, with a form to post to one version. Transitions appear as lines of the store.
 */
export function CommentThread({ did, versions }: { did: string; versions: string[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [version, setVersion] = useState(versions[0] ?? '');
  const [body, setBody] = useState('');
  const thread = useQuery({
    queryKey: commentsKey(did),
    queryFn: ({ signal }) => storeCall(storeDeveloperRoutes.comments, { params: { did } }, signal),
  });
  const post = useMutation({
    mutationFn: () => storeCall(storeDeveloperRoutes.comment, { params: { did }, body: { version, body } }),
    onSuccess: async () => {
      setBody('');
      enqueueSnackbar(t('store.dev.comments.posted'), { variant: 'success' });
      await client.invalidateQueries({ queryKey: commentsKey(did) });
    },
  });
  const line = (c: ReviewComment) => {
    const who = t(`store.dev.comments.roles.${c.author.role}`);
    const what = t(`store.dev.comments.actions.${c.action}`);
    return `${who} ${what} · ${c.version} · ${formatWhen(c.created_at, locale)}`;
  };
  return (
    <Box>
      {thread.isError ? (
        <Alert severity="error">{messageOf(thread.error)}</Alert>
      ) : (thread.data?.dataList.length ?? 0) === 0 ? (
        <Typography color="text.secondary">
          {thread.isPending ? t('store.dev.common.loading') : t('store.dev.comments.empty')}
        </Typography>
      ) : (
        <List dense data-testid={`comments-${did}`}>
          {thread.data?.dataList.map((c) => (
            <ListItem key={c.id} disableGutters>
              <ListItemText
                primary={line(c)}
                secondary={c.body || null}
                slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {versions.length > 0 ? (
        <Stack
          component="form"
          noValidate
          spacing={1}
          sx={{ mt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            if (body.trim()) post.mutate();
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {versions.length > 1 ? (
              <TextField
                select
                size="small"
                label={t('store.dev.blocklets.versionCol')}
                value={version}
                onChange={(e) => setVersion(e.target.value)}
                sx={{ minWidth: 120 }}
              >
                {versions.map((v) => (
                  <MenuItem key={v} value={v}>
                    {v}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <TextField
              size="small"
              fullWidth
              multiline
              maxRows={6}
              label={t('store.dev.comments.label', { version })}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 4000, 'data-testid': `comment-input-${did}` } }}
            />
          </Stack>
          {post.isError ? <Alert severity="error">{messageOf(post.error)}</Alert> : null}
          <Box>
            <Button type="submit" variant="outlined" size="small" disabled={!body.trim() || post.isPending}>
              {t('store.dev.comments.post')}
            </Button>
          </Box>
        </Stack>
      ) : null}
    </Box>
  );
}
