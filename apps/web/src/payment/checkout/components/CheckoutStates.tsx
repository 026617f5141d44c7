import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { Box, Button, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../platform/ui/EmptyState';
import { PageSection } from '../../../platform/ui/PageSection';
import { formatError } from '../logic/errorText';

/** The placeholders shown while the checkout loads (SPEC section 4: about 0.5 s). */
export function CheckoutSkeleton() {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="checkout-skeleton"
      aria-busy
      aria-label={t('payment.checkout.loading')}
      sx={{ maxWidth: 1100, mx: 'auto', px: 2, py: 4, display: 'flex', gap: 4, flexWrap: 'wrap' }}
    >
      <Stack spacing={2} sx={{ flex: '1 1 320px', maxWidth: 582 }}>
        <Skeleton variant="text" width="40%" height={40} />
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="text" width="60%" />
      </Stack>
      <Stack spacing={2} sx={{ flex: '1 1 320px', maxWidth: 502 }}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={48} />
      </Stack>
    </Box>
  );
}

type Kind = 'expired' | 'empty' | 'error';

interface CheckoutMessageProps {
  testId: string;
  kind: Kind;
  error?: unknown;
  onRetry?: () => void;
}

/** Expired link, nothing to show, or the Oops screen with the error's text (SPEC section 8). */
export function CheckoutMessage({ testId, kind, error, onRetry }: CheckoutMessageProps) {
  const { t } = useTranslation();
  const content = {
    expired: {
      icon: <LinkOffOutlined />,
      title: t('payment.checkout.expiredTitle'),
      description: t('payment.checkout.expiredDescription'),
    },
    empty: {
      icon: <ShoppingCartOutlined />,
      title: t('payment.checkout.emptyTitle'),
      description: t('payment.checkout.emptyDescription'),
    },
    error: { icon: <ErrorOutline />, title: t('payment.checkout.oops'), description: formatError(error) },
  }[kind];
  return (
    <PageSection testId={testId} title={t('payment.checkout.title')}>
      <Box data-testid={`checkout-${kind}`}>
        <EmptyState
          icon={content.icon}
          title={content.title}
          description={content.description}
          action={
            onRetry ? (
              <Button variant="outlined" onClick={onRetry}>
                {t('payment.checkout.retry')}
              </Button>
            ) : undefined
          }
        />
      </Box>
    </PageSection>
  );
}
