import { Box, Container, IconButton, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isEmbedded, sessionStorageOrUndefined } from './embedMode';
import { Icon } from './icon/Icon';
import { navLinkProps } from './nav/navLinkProps';
import type { ResolvedNavItem } from './nav/navTypes';
import { useHeaderNavigation } from './nav/useHeaderNavigation';

function FooterLink({ item }: { item: ResolvedNavItem }) {
  return (
    <Link {...navLinkProps(item)} color="inherit" underline="hover" variant="body2">
      {item.title}
    </Link>
  );
}

/** The footer: link groups (footer section), social icons, bottom links and the copyright line. */
export function Footer() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigation = useHeaderNavigation();
  if (isEmbedded(search, sessionStorageOrUndefined())) return null;
  const groups = navigation.section('footer');
  const social = navigation.section('social');
  const bottom = navigation.section('bottom');
  return (
    <Box
      component="footer"
      aria-label={t('header.footer.label')}
      data-testid="app-footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 4, mt: 4 }}
    >
      <Container maxWidth="lg">
        {groups.length > 0 ? (
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
              mb: 3,
            }}
          >
            {groups.map((group) => (
              <Box key={group.id} component="section">
                <Typography component="h2" variant="subtitle2" sx={{ mb: 1 }}>
                  {group.items.length > 0 ? group.title : <FooterLink item={group} />}
                </Typography>
                <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {group.items.map((item) => (
                    <li key={item.id}>
                      <FooterLink item={item} />
                    </li>
                  ))}
                </Stack>
              </Box>
            ))}
          </Box>
        ) : null}
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, color: 'text.secondary' }}
        >
          <Typography variant="body2">
            {t('header.footer.copyright', {
              year: new Date().getFullYear(),
              name: navigation.branding.appName,
            })}
          </Typography>
          {bottom.map((item) => (
            <FooterLink key={item.id} item={item} />
          ))}
          <Box
            component="nav"
            aria-label={t('header.footer.social')}
            sx={{ ml: 'auto', display: 'flex', gap: 0.5 }}
          >
            {social.map((item) => (
              <IconButton
                key={item.id}
                {...navLinkProps(item)}
                aria-label={item.title}
                color="inherit"
                size="small"
              >
                <Icon icon={item.icon ?? item.title} size={20} />
              </IconButton>
            ))}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
