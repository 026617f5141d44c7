import AppsOutlined from '@mui/icons-material/AppsOutlined';
import { Box, Button, IconButton, Paper, Popover, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icon/Icon';
import { navLinkProps } from '../nav/navLinkProps';
import type { ResolvedNavItem } from '../nav/navTypes';
import { isAdminRole } from '../../platform/session/useHeaderSession';
import { NAVIGATION_ADMIN_PATH } from '../../platform/session/sessionLinks';

interface SessionManagerProps {
  entries: ResolvedNavItem[];
  role: string;
}

/** The apps grid of the sessionManager section: 350 px wide, icon grid at most 350 px high. */
export function SessionManager({ entries, role }: SessionManagerProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const canManage = isAdminRole(role);
  if (entries.length === 0 && !canManage) return null;
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={t('header.session.apps')}>
        <IconButton
          color="inherit"
          aria-label={t('header.session.apps')}
          data-testid="session-manager-button"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <AppsOutlined data-testid="session-manager-icon" />
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Paper data-testid="session-manager" sx={{ width: 350, maxWidth: '90vw', p: 1.5 }} elevation={0}>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, 100px)',
              justifyContent: 'center',
              gap: 1,
              maxHeight: 350,
              overflowY: 'auto',
            }}
          >
            {entries.map((entry) => (
              <li key={entry.id}>
                <Button
                  {...navLinkProps(entry)}
                  onClick={close}
                  data-testid="session-manager-entry"
                  color="inherit"
                  sx={{ width: 100, height: 96, flexDirection: 'column', gap: 1, textTransform: 'none' }}
                >
                  {entry.icon ? <Icon icon={entry.icon} size={36} /> : <Icon icon={entry.title} size={36} />}
                  <Typography variant="body2" noWrap sx={{ maxWidth: '100%' }}>
                    {entry.title}
                  </Typography>
                </Button>
              </li>
            ))}
          </Box>
          {entries.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', p: 1 }}>
              {t('header.session.empty')}
            </Typography>
          ) : null}
          {canManage ? (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
              <Button
                href={NAVIGATION_ADMIN_PATH}
                variant="outlined"
                size="small"
                data-testid="session-manager-manage"
              >
                {t('header.session.manage')}
              </Button>
            </Box>
          ) : null}
        </Paper>
      </Popover>
    </>
  );
}
