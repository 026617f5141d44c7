import { merchantRoutes, type Price } from '@payshelf/api';
import { Switch, Tooltip } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../api/hooks';
import { routeCall } from '../api/routeCall';

/**
 * Whether customers may switch their subscription to this recurring price in the portal, changed in
 * place on an existing price (`PUT /prices/:id` with `switchable`); one-time prices show nothing.
 */
export function SwitchableToggle({ price }: { price: Price }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useAdminMutation(['prices'], (switchable: boolean) =>
    routeCall(merchantRoutes.prices.update, { id: price.id }, { switchable }),
  );
  if (!price.recurring) return null;
  const label = t('payment.admin.prices.switchable');
  return (
    <Tooltip title={label}>
      <Switch
        size="small"
        checked={price.switchable}
        disabled={update.isPending || !price.active}
        onChange={(event) =>
          update.mutate(event.target.checked, {
            onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
          })
        }
        slotProps={{ input: { 'aria-label': label } }}
        data-testid="price-switchable"
      />
    </Tooltip>
  );
}
