import { styled } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeModeProvider } from '../platform/theme/ThemeModeProvider';
import { TOAST_AUTO_HIDE_MS } from '../platform/ui/toast';

/**
 * Toasts are at most 400 px wide (300 px on small screens), SPEC.md section 9. Their white text sits on
 * colours of 6.5:1 and more in both themes, so slightly faded secondary lines still pass 4.5:1
 * (notistack's own green, orange and blue read at 2.3-3.3:1).
 */
const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  maxWidth: 400,
  [theme.breakpoints.down('sm')]: { maxWidth: 300 },
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#92400e' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
}));

const TOAST_COMPONENTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

interface AppProvidersProps {
  i18n: i18n;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything above the router: server state, translations, theme (with CssBaseline) and toasts. */
export function AppProviders({ i18n, queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemeModeProvider>
          <SnackbarProvider maxSnack={3} autoHideDuration={TOAST_AUTO_HIDE_MS} Components={TOAST_COMPONENTS}>
            {children}
          </SnackbarProvider>
        </ThemeModeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
