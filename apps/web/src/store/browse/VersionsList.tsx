import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import type { BlockletVersion } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Every published version, newest first, with its changelog; each links to its own detail address. */
export function VersionsList({
  did,
  versions,
  current,
}: {
  did: string;
  versions: BlockletVersion[];
  current: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Stack component="ol" spacing={2} sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="versions-list">
      {versions.map((v) => (
        <Box component="li" key={v.version}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Link
              component={RouterLink}
              to={`/blocklets/${did}/${encodeURIComponent(v.version)}`}
              sx={{ fontWeight: 600 }}
            >
              {v.version}
            </Link>
            {v.version === current ? <Chip size="small" label={t('store.browse.detail.current')} /> : null}
            {v.published_at ? (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('store.browse.detail.publishedOn', { date: v.published_at.slice(0, 10) })}
              </Typography>
            ) : null}
          </Stack>
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', color: v.changelog ? 'text.primary' : 'text.secondary' }}
          >
            {v.changelog || t('store.browse.detail.noChangelog')}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
