import { useTranslation } from 'react-i18next';
import { brandKey, cardOf } from '../logic/card';

/** "Visa ending in 4242" for a payment a card made; the hook answers null for other payments. */
export function usePaidCardText(): (details: unknown) => string | null {
  const { t } = useTranslation();
  return (details) => {
    const card = cardOf(details);
    return card ? t('payment.card.ending', { brand: t(brandKey(card.brand)), last4: card.last4 }) : null;
  };
}
