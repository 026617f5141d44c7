import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Avatar,
  Box,
  Button,
  CircularProgress,
  Collapse,
  Link,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Typography,
} from '@mui/material';
import type { PaymentCurrency } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Beneficiary, CheckoutApi } from '../../logic/api';
import { beneficiaryShare, initials } from '../../logic/donation';
import { formatError } from '../../logic/errorText';
import { money } from '../../logic/format';

interface BenefitsListProps {
  api: CheckoutApi;
  linkId: string;
  /** The donation's total, to show each share as an amount; null shows percents only. */
  total: bigint | null;
  currency: PaymentCurrency;
  locale: string;
}

function Contact({ beneficiary }: { beneficiary: Beneficiary }) {
  if (beneficiary.url) {
    return (
      <Link href={beneficiary.url} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
        {beneficiary.address ?? beneficiary.url}
      </Link>
    );
  }
  if (beneficiary.address) {
    return (
      <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {beneficiary.address}
      </Box>
    );
  }
  return null;
}

/** Who receives the donation (GET payment-links/{id}/benefits), behind a toggle; loaded when opened. */
export function BenefitsList({ api, linkId, total, currency, locale }: BenefitsListProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const benefits = useQuery({
    queryKey: ['payment', 'checkout', 'benefits', linkId, api.livemode],
    queryFn: () => api.benefits(linkId),
    enabled: open,
    staleTime: 60_000,
  });
  return (
    <Box data-testid="donation-benefits">
      <Button
        size="small"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls="donation-benefits-list"
        data-testid="donation-benefits-toggle"
        endIcon={
          <ExpandMore sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 200ms' }} />
        }
      >
        {open ? t('payment.checkout.donation.benefits.hide') : t('payment.checkout.donation.benefits.show')}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box id="donation-benefits-list" data-testid="donation-benefits-list" sx={{ pt: 1 }}>
          <Typography variant="subtitle2">{t('payment.checkout.donation.benefits.title')}</Typography>
          {benefits.isPending ? (
            <CircularProgress size={20} aria-label={t('payment.checkout.donation.benefits.loading')} />
          ) : null}
          {benefits.isError ? (
            <Typography variant="body2" sx={{ color: 'error.main' }} role="alert">
              {formatError(benefits.error)}
            </Typography>
          ) : null}
          <List dense disablePadding>
            {(benefits.data ?? []).map((beneficiary, index) => (
              <ListItem
                key={`${beneficiary.name}-${index}`}
                data-testid="donation-beneficiary"
                disableGutters
                secondaryAction={
                  <Box sx={{ textAlign: 'right' }}>
                    {total !== null ? (
                      <Typography variant="body2" data-testid="beneficiary-amount">
                        {money(beneficiaryShare(total, beneficiary.percent), currency, locale)}
                      </Typography>
                    ) : null}
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {t('payment.checkout.donation.benefits.percent', { percent: beneficiary.percent })}
                    </Typography>
                  </Box>
                }
              >
                <ListItemAvatar>
                  <Avatar
                    src={beneficiary.avatar}
                    alt={beneficiary.name}
                    variant={beneficiary.type === 'dapp' ? 'square' : 'circular'}
                    data-variant={beneficiary.type === 'dapp' ? 'square' : 'circular'}
                  >
                    {initials(beneficiary.name)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={beneficiary.name}
                  secondary={<Contact beneficiary={beneficiary} />}
                  sx={{ pr: 10 }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      </Collapse>
    </Box>
  );
}
