import { Box, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The README. `html` comes from the server's README endpoint, which renders Markdown with raw HTML
 * off and passes it through an allow-list sanitiser (no scripts, handlers, styles or non-http(s)
 * URLs), so it is inserted as it is.
 */
export function ReadmeView({ html, loading }: { html: string | undefined; loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton height={120} />;
  if (!html)
    return <Typography sx={{ color: 'text.secondary' }}>{t('store.browse.detail.noReadme')}</Typography>;
  return (
    <Box
      data-testid="readme"
      sx={{
        overflowWrap: 'anywhere',
        '& h3': { fontSize: '1.15rem', mt: 2, mb: 1 },
        '& h4, & h5, & h6': { fontSize: '1rem', mt: 2, mb: 1 },
        // Wrapped, not scrolled: a scrolling block would need keyboard focus to be read on a phone.
        '& pre': {
          p: 1.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        },
        '& code': { fontFamily: 'monospace' },
        '& table': { borderCollapse: 'collapse' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& img': { maxWidth: '100%' },
        '& a': { color: 'primary.main' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
