import { createContext, useContext, type ComponentType } from 'react';
import type { PaymentCurrency } from '@payshelf/api';
import type { CheckoutApi } from './logic/api';

/** The overdue dialog shown when a submit is refused because the customer has past-due invoices. */
export interface OverdueSlotProps {
  api: CheckoutApi;
  mountPoint: string;
  livemode: boolean;
  /** Closed without paying: the form comes back. */
  onCancel(): void;
  /** Nothing is overdue any more: the refused submission goes again. */
  onPaid(): void;
}

/** The allowance a completed subscription checkout offers (its renewals pull from it). */
export interface AllowanceSlotProps {
  subscription: {
    id: string;
    livemode: boolean;
    paymentCurrency: Pick<PaymentCurrency, 'decimal' | 'symbol' | 'maximum_precision'>;
  };
  mountPoint: string;
}

/**
 * Pieces of the checkout that belong to the customer portal (its overdue bulk pay, its allowance
 * panel). The page that shows a checkout provides them, so the checkout never imports the portal;
 * without them a checkout still works and simply does not offer those steps inline.
 */
export interface CheckoutSlots {
  Overdue: ComponentType<OverdueSlotProps> | null;
  Allowance: ComponentType<AllowanceSlotProps> | null;
}

const SlotsContext = createContext<CheckoutSlots>({ Overdue: null, Allowance: null });

export const CheckoutSlotsProvider = SlotsContext.Provider;

export function useCheckoutSlots(): CheckoutSlots {
  return useContext(SlotsContext);
}
