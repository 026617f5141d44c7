import { Box, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../platform/locale/useLocale';
import { ProductIcon } from './ProductIcon';
import { PRODUCT_GROUPS, productUrl } from './products';

interface ProductsPanelProps {
  /** Inside the mobile drawer: full width, no rounded corners. */
  inline?: boolean;
  onNavigate?: () => void;
}

/**
 * The product switcher (SPEC.md section 1): four groups in a grid of 1, 2 or 3 columns on small,
 * medium and large screens; 80vw wide, at most 900 px (inline: full width). Links open in a new tab.
 */
export function ProductsPanel({ inline = false, onNavigate }: ProductsPanelProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Box
      data-testid="products-panel"
      className={inline ? 'is-inline' : undefined}
      sx={{
        width: inline ? '100%' : '80vw',
        maxWidth: inline ? 'none' : 900,
        boxSizing: 'border-box',
        p: 1,
        borderRadius: inline ? 0 : 2,
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'grey.900' : 'grey.100'),
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        gap: 1,
      }}
    >
      {PRODUCT_GROUPS.map((group) => (
        <Box key={group.id} data-testid="products-group" component="section" sx={{ p: 1 }}>
          <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', px: 1 }}>
            {t(`header.products.groups.${group.id}`)}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {group.entries.map((entry) => (
              <li key={entry.label}>
                <Link
                  data-testid="products-entry"
                  href={productUrl(entry, locale)}
                  target="_blank"
                  rel="noopener noreferrer"
                  underline="none"
                  color="inherit"
                  onClick={onNavigate}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1.5,
                    p: 1,
                    borderRadius: 1,
                    '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
                  }}
                >
                  <ProductIcon id={entry.icon} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, fontSize: '0.9375rem' }}>{entry.label}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                      {entry.description[locale]}
                    </Typography>
                  </Box>
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
