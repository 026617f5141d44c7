import AppsOutlined from '@mui/icons-material/AppsOutlined';
import { Alert, Avatar, Box, CircularProgress, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useHeaderSession } from '../../platform/session/useHeaderSession';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';
import { fetchDeveloperProfile, LoadError } from '../connect/api';

/** `/profile?did=…` (the signed-in user's own without `did`): a developer's name, avatar and public apps. */
export function ProfilePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const session = useHeaderSession();
  const did = search.get('did') ?? session.user?.did ?? '';
  const profile = useQuery({
    queryKey: ['store', 'developer-profile', did],
    queryFn: () => fetchDeveloperProfile(did),
    enabled: did !== '',
    retry: false,
  });

  let body;
  if (profile.isPending) {
    body = <CircularProgress sx={{ mt: 3 }} aria-label={t('storeConnect.profile.title')} />;
  } else if (profile.isError) {
    const missing = profile.error instanceof LoadError && profile.error.reason === 'notFound';
    body = (
      <Alert severity="error" role="alert" sx={{ mt: 3 }}>
        {missing ? t('storeConnect.profile.notFound') : t('storeConnect.profile.failed')}
      </Alert>
    );
  } else {
    const p = profile.data;
    const name = p.fullName || p.did;
    body = (
      <>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 3 }} data-testid="profile-card">
          <Avatar
            src={p.avatar || undefined}
            alt={t('storeConnect.profile.avatarAlt', { name })}
            sx={{ width: 64, height: 64 }}
          >
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" variant="h5" data-testid="profile-name">
              {name}
            </Typography>
            <Typography sx={{ fontFamily: 'monospace', color: 'text.secondary', wordBreak: 'break-all' }}>
              {p.did}
            </Typography>
          </Box>
        </Stack>
        <Typography component="h2" variant="h6" sx={{ mt: 4 }}>
          {t('storeConnect.profile.apps')}
        </Typography>
        {p.blocklets.length === 0 ? (
          <EmptyState
            icon={<AppsOutlined />}
            title={t('storeConnect.profile.noApps')}
            description={t('storeConnect.profile.noAppsText')}
          />
        ) : (
          <List data-testid="profile-apps">
            {p.blocklets.map((b) => (
              <ListItem key={b.did} disableGutters sx={{ display: 'block' }}>
                <Link component={RouterLink} to={`/blocklets/${b.did}`} sx={{ fontWeight: 600 }}>
                  {b.title || b.name}
                </Link>
                <Typography sx={{ color: 'text.secondary' }}>
                  {[b.version, t('storeConnect.profile.downloads', { count: b.downloads })]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                {b.description ? <Typography>{b.description}</Typography> : null}
              </ListItem>
            ))}
          </List>
        )}
      </>
    );
  }
  return (
    <PageSection testId="page-profile" title={t('storeConnect.profile.title')}>
      {body}
    </PageSection>
  );
}
