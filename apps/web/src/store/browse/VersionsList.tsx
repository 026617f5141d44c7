import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import type { BlockletVersion } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * Every published version, newest first, with its changelog (Markdown the server rendered and
 * sanitised like the README) and a "signed" mark when its upload carried a verified signature; each
 * links to its own detail address.
 */
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
            {v.signed ? (
              <Chip
                size="small"
                color="success"
                variant="outlined"
                icon={<VerifiedOutlined />}
                label={t('store.browse.detail.signed')}
                title={t('store.browse.detail.signedHint')}
                data-testid={`signed-${v.version}`}
              />
            ) : null}
            {v.published_at ? (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('store.browse.detail.publishedOn', { date: v.published_at.slice(0, 10) })}
              </Typography>
            ) : null}
          </Stack>
          {v.changelog_html ? (
            <Box
              data-testid={`changelog-${v.version}`}
              sx={{
                typography: 'body2',
                overflowWrap: 'anywhere',
                '& > :first-of-type': { mt: 0.5 },
                '& > :last-child': { mb: 0 },
                '& h1, & h2, & h3, & h4, & h5, & h6': { fontSize: '1rem', mt: 1, mb: 0.5 },
                '& ul, & ol': { pl: 3, my: 0.5 },
                '& a': { color: 'primary.main' },
              }}
              dangerouslySetInnerHTML={{ __html: v.changelog_html }}
            />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('store.browse.detail.noChangelog')}
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}
