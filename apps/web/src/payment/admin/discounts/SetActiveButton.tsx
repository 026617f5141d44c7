import { Button } from '@mui/material';
import { discountRoutes } from '@payshelf/api';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useAdminMutation, type Call } from '../api/hooks';
import { routeCall } from '../api/routeCall';

type Target =
  { kind: 'promotionCodes'; resource: 'promotion-codes' } | { kind: 'taxRates'; resource: 'tax-rates' };

export const PROMOTION_CODES: Target = { kind: 'promotionCodes', resource: 'promotion-codes' };
export const TAX_RATES: Target = { kind: 'taxRates', resource: 'tax-rates' };

/**
 * Activates or deactivates a promotion code or tax rate (its update with `active`), in one click: an
 * inactive one can be turned on again, so nothing is lost. Failures stay on screen.
 */
export function SetActiveButton(props: { target: Target; id: string; name: string; active: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const next = !props.active;
  const params = { id: props.id };
  const call: Call =
    props.target.kind === 'promotionCodes'
      ? routeCall(discountRoutes.promotionCodes.update, params, { active: next })
      : routeCall(discountRoutes.taxRates.update, params, { active: next });
  const action = useAdminMutation([props.target.resource], () => call);
  const verb = next ? 'activate' : 'deactivate';
  return (
    <Button
      size="small"
      color={next ? 'primary' : 'warning'}
      disabled={action.isPending}
      data-testid={`${verb}-button`}
      onClick={() =>
        action.mutate(undefined, {
          onSuccess: () =>
            enqueueSnackbar(t(`payment.admin.promotionCodes.${verb}d`, { name: props.name }), {
              variant: 'success',
            }),
          onError: (e) => enqueueSnackbar(e.message, { variant: 'error', persist: true }),
        })
      }
    >
      {t(`payment.admin.promotionCodes.${verb}`)}
    </Button>
  );
}
