import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  DOMAIN_WARNING_SKIP_KEY,
  DOMAINS_SETTINGS_PATH,
  domainWarningVariant,
  isTemporaryHost,
  shouldShowDomainWarning,
} from '../../platform/domain/domainWarning';

const BENEFITS = ['brand', 'trust', 'seo', 'stable', 'certificate'] as const;

function readSkip(): string | null {
  try {
    return window.localStorage.getItem(DOMAIN_WARNING_SKIP_KEY);
  } catch {
    return null;
  }
}

function storeSkip(): void {
  try {
    window.localStorage.setItem(DOMAIN_WARNING_SKIP_KEY, new Date().toISOString());
  } catch {
    // Without storage the dialog simply shows again next visit.
  }
}

/**
 * The temporary-domain warning (SPEC.md sections 4 and 6). Opens by itself on a temporary host; the
 * bar keeps a button to reopen it. The host is the page's real hostname (tests map a temporary name to
 * the test server with the browser's host resolver).
 */
export function DomainWarning({ role }: { role: string | undefined }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const { pathname } = useLocation();
  const hostname = window.location.hostname;
  const [dismissed, setDismissed] = useState(false);
  const [reopened, setReopened] = useState(false);
  const [visit] = useState(() => ({ skippedAt: readSkip(), now: Date.now() }));
  const automatic = !dismissed && shouldShowDomainWarning({ hostname, pathname, mobile, ...visit });
  if (!isTemporaryHost(hostname) || mobile || pathname.includes(DOMAINS_SETTINGS_PATH)) return null;
  const open = automatic || reopened;
  const variant = domainWarningVariant(role);
  const close = () => {
    setDismissed(true);
    setReopened(false);
  };
  const later = () => {
    storeSkip();
    close();
  };
  return (
    <>
      <Tooltip title={t('header.domain.button')}>
        <IconButton
          color="warning"
          aria-label={t('header.domain.button')}
          data-testid="domain-warning-button"
          onClick={() => setReopened(true)}
        >
          <WarningAmberOutlined />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={later} data-testid="domain-warning" data-variant={variant} maxWidth="sm">
        <DialogTitle>{t('header.domain.title')}</DialogTitle>
        <DialogContent>
          {variant === 'owner' ? (
            <>
              <Typography>{t('header.domain.ownerIntro')}</Typography>
              <List dense>
                {BENEFITS.map((benefit) => (
                  <ListItem key={benefit} disableGutters>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      <CheckCircleOutline color="success" fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={t(`header.domain.benefits.${benefit}`)} />
                  </ListItem>
                ))}
              </List>
            </>
          ) : (
            <Typography>{t('header.domain.guestText')}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          {variant === 'owner' ? (
            <>
              <Button onClick={later} data-testid="domain-warning-later">
                {t('header.domain.later')}
              </Button>
              <Button
                variant="contained"
                href={DOMAINS_SETTINGS_PATH}
                target="_blank"
                rel="noopener noreferrer"
                onClick={close}
                data-testid="domain-warning-configure"
              >
                {t('header.domain.configure')}
              </Button>
            </>
          ) : (
            <Button onClick={later} data-testid="domain-warning-skip">
              {t('header.domain.skip')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
