import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Pagination, Stack } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { noticeText } from './noticeText';
import { useSearchParams } from 'react-router';
import { PageSection } from '../../platform/ui/PageSection';
import { useHeaderSession } from '../../platform/session/useHeaderSession';
import { NotificationFiltersBar } from './NotificationFiltersBar';
import { fetchNotifications, filtersFromSearch, markRead } from './notificationsApi';
import { NOTIFICATIONS_QUERY_KEY } from './useUnreadNotifications';

const PAGE_SIZE = 10;
const SEVERITY_COLOR = {
  normal: 'default',
  success: 'success',
  info: 'info',
  warning: 'warning',
  error: 'error',
} as const;

/** The notification centre under the user-service prefix, with the spec's filters and mark-read. */
export function NotificationCentrePage() {
  const { t } = useTranslation();
  const { user, initialized } = useHeaderSession();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const page = Math.max(1, Number(search.get('page')) || 1);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, filters, page],
    queryFn: ({ signal }) => fetchNotifications(filters, page, PAGE_SIZE, signal),
    enabled: user !== undefined,
  });
  const mark = useMutation({
    mutationFn: markRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries({ ...changes, page: undefined })) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next, { replace: true });
  };

  return (
    <PageSection
      testId="page-notifications"
      title={t('header.notifications.title')}
      subtitle={t('header.notifications.subtitle')}
    >
      {initialized && !user ? (
        <Alert severity="info" sx={{ mt: 3 }}>
          {t('header.notifications.signIn')}
        </Alert>
      ) : null}
      {user ? (
        <>
          <NotificationFiltersBar filters={filters} onChange={update} />
          {filters.id ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('header.notifications.filteredById')}
            </Alert>
          ) : null}
          {query.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('header.notifications.loadFailed', { message: query.error.message })}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button
              onClick={() => mark.mutate({ all: true })}
              disabled={mark.isPending || (query.data?.unreadCount ?? 0) === 0}
              data-testid="notifications-mark-all-read"
            >
              {t('header.notifications.markAllRead')}
            </Button>
          </Box>
          {query.data && query.data.list.length === 0 ? (
            <Alert severity="success" variant="outlined" sx={{ mt: 1 }}>
              {t('header.notifications.empty')}
            </Alert>
          ) : null}
          <List data-testid="notification-list">
            {query.data?.list.map((n) => (
              <ListItem
                key={n.id}
                divider
                data-testid="notification-item"
                data-id={n.id}
                data-read={n.read}
                secondaryAction={
                  n.read ? null : (
                    <Button
                      size="small"
                      onClick={() => mark.mutate({ ids: [n.id] })}
                      data-testid="notification-mark-read"
                    >
                      {t('header.notifications.markRead')}
                    </Button>
                  )
                }
                sx={{ pr: 16, bgcolor: n.read ? undefined : 'action.hover' }}
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Chip
                        size="small"
                        color={SEVERITY_COLOR[n.severity]}
                        label={t(`header.notifications.severity.${n.severity}`)}
                      />
                      {n.read ? null : (
                        <Chip size="small" variant="outlined" label={t('header.notifications.unreadMark')} />
                      )}
                      <span>{noticeText(n, t).title}</span>
                    </Stack>
                  }
                  secondary={noticeText(n, t).description || undefined}
                />
              </ListItem>
            ))}
          </List>
          {query.data && query.data.count > PAGE_SIZE ? (
            <Pagination
              count={Math.ceil(query.data.count / PAGE_SIZE)}
              page={page}
              onChange={(_, p) => {
                const next = new URLSearchParams(search);
                next.set('page', String(p));
                setSearch(next);
              }}
            />
          ) : null}
        </>
      ) : null}
    </PageSection>
  );
}
