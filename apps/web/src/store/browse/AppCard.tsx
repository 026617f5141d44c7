import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import type { BlockletSummary } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../../platform/locale/useLocale';
import { AppLogo } from './AppLogo';

/** One application in the list: the whole card is a link to its detail page. */
export function AppCard({ app }: { app: BlockletSummary }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const category = app.category ? app.category.locales[locale] || app.category.name : null;
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', height: '100%' }} data-testid="app-card">
      <CardActionArea
        component={RouterLink}
        to={`/blocklets/${app.did}`}
        sx={{ height: '100%', p: 2, alignItems: 'flex-start', display: 'flex' }}
      >
        <Stack direction="row" spacing={2} sx={{ width: '100%', alignItems: 'flex-start' }}>
          <AppLogo did={app.did} version={app.version} title={app.title} size={56} />
          <Stack spacing={0.75} sx={{ minWidth: 0, flex: 1 }}>
            <Typography component="h2" variant="h6" sx={{ fontSize: '1.05rem', lineHeight: 1.3 }}>
              {app.title}
            </Typography>
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {app.description}
            </Typography>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap', alignItems: 'center', pt: 0.5 }}
            >
              <Chip size="small" label={category ?? t('store.browse.noCategory')} variant="outlined" />
              <Chip
                size="small"
                color={app.price ? 'secondary' : 'success'}
                label={app.price ? `${app.price.amount} ${app.price.currency}` : t('store.browse.free')}
              />
              <Typography
                variant="caption"
                sx={{ color: 'text.secondary', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              >
                <DownloadOutlined fontSize="inherit" aria-hidden />
                {t('store.browse.downloads', { count: app.downloads })}
              </Typography>
            </Stack>
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
