import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Grid,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAYMENT_MOUNT_POINT } from '../../platform/config/appConfig';
import { useAppConfig } from '../../platform/config/useAppConfig';
import { EmptyState } from '../../platform/ui/EmptyState';
import { PageSection } from '../../platform/ui/PageSection';
import { demoKind, fetchDemoLinks, localizedLink } from './demoLinks';

/** `{mount}/demo`: the test-mode demo payment links that `npm start` seeds, one per kind of price. */
export function DemoPage() {
  const { t, i18n } = useTranslation();
  const paymentMountPoint = useAppConfig()?.paymentMountPoint ?? DEFAULT_PAYMENT_MOUNT_POINT;
  const { enqueueSnackbar } = useSnackbar();
  const demo = useQuery({ queryKey: ['payment', 'demo'], queryFn: () => fetchDemoLinks(paymentMountPoint) });
  const links = demo.data?.links ?? [];

  const copy = async (url: string) => {
    await navigator.clipboard.writeText(new URL(url, window.location.origin).toString());
    enqueueSnackbar(t('payment.demo.copied'), { variant: 'success' });
  };

  return (
    <PageSection
      testId="page-payment-demo"
      title={t('payment.demo.title')}
      subtitle={t('payment.demo.subtitle')}
    >
      <Chip icon={<ScienceOutlined />} label={t('payment.demo.testMode')} color="warning" sx={{ mt: 2 }} />
      {demo.isError ? (
        <Alert severity="error" sx={{ mt: 3 }}>
          {t('payment.demo.loadFailed', { message: demo.error.message })}
        </Alert>
      ) : null}
      {demo.isPending ? (
        <Grid container spacing={2} sx={{ mt: 1 }}>
          {[0, 1, 2, 3].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={160} />
            </Grid>
          ))}
        </Grid>
      ) : null}
      {demo.isSuccess && links.length === 0 ? (
        <EmptyState
          icon={<ScienceOutlined />}
          title={t('payment.demo.emptyTitle')}
          description={t('payment.demo.emptyDescription')}
        />
      ) : null}
      <Grid
        container
        spacing={2}
        sx={{ mt: 1 }}
        component="ul"
        aria-label={t('payment.demo.title')}
        style={{ listStyle: 'none', padding: 0 }}
      >
        {links.map((link) => {
          const text = localizedLink(link, i18n.language);
          return (
            <Grid key={link.id} size={{ xs: 12, sm: 6, md: 4 }} component="li" data-testid="demo-link">
              <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <CardContent sx={{ flexGrow: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                    <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                      {t(`payment.demo.kinds.${demoKind(link.kind)}`)}
                    </Typography>
                    {link.active ? null : <Chip size="small" label={t('payment.demo.archived')} />}
                  </Stack>
                  <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
                    {text.title}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{text.description}</Typography>
                </CardContent>
                <CardActions>
                  <Button
                    href={link.url}
                    variant="contained"
                    size="small"
                    endIcon={<OpenInNewOutlined />}
                    disabled={!link.active}
                  >
                    {t('payment.demo.open')}
                  </Button>
                  <Button
                    size="small"
                    startIcon={<ContentCopyOutlined />}
                    onClick={() => void copy(link.url)}
                  >
                    {t('payment.demo.copy')}
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </PageSection>
  );
}
