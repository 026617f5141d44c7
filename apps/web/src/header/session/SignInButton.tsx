import LoginOutlined from '@mui/icons-material/LoginOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

export const LOGIN_PATH = '/.well-known/service/login';

/** Signed out: starts a login by redirect with the current address as the return target. */
export function SignInButton() {
  const { t } = useTranslation();
  const location = useLocation();
  const redirect = `${location.pathname}${location.search}`;
  return (
    <Button
      color="inherit"
      startIcon={<LoginOutlined />}
      href={`${LOGIN_PATH}?${new URLSearchParams({ redirect }).toString()}`}
      data-testid="sign-in-button"
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {t('header.user.signIn')}
    </Button>
  );
}
