import { ApiCallError, promotionCodeText } from '@payshelf/api';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutApi, CheckoutSessionData } from '../logic/api';

export interface PromotionCodeState {
  busy: boolean;
  /** Why the last code was refused (in the page's language), or null. */
  error: string | null;
  apply(code: string): Promise<boolean>;
  remove(): Promise<boolean>;
  clearError(): void;
}

/**
 * Applying and removing the session's promotion code. A refusal stays beside the field: the server's
 * own reason (answered in the page's language) when it gives one, else a plain "cannot be used".
 */
export function usePromotionCode(
  api: CheckoutApi,
  sessionId: string,
  setSession: (session: CheckoutSessionData) => void,
): PromotionCodeState {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (call: () => Promise<CheckoutSessionData>) => {
      setBusy(true);
      setError(null);
      try {
        setSession(await call());
        return true;
      } catch (failure: unknown) {
        const refused = failure instanceof ApiCallError && failure.status < 500 && failure.message !== '';
        setError(refused ? failure.message : t('payment.checkout.adjust.codeRefused'));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [setSession, t],
  );
  return {
    busy,
    error,
    apply: (code) => {
      const typed = code.trim();
      if (typed === '') {
        setError(t('payment.checkout.adjust.codeEmpty'));
        return Promise.resolve(false);
      }
      if (!promotionCodeText.safeParse(typed).success) {
        setError(t('payment.checkout.adjust.codeFormat'));
        return Promise.resolve(false);
      }
      return run(() => api.applyPromotionCode(sessionId, typed, locale));
    },
    remove: () => run(() => api.removePromotionCode(sessionId, locale)),
    clearError: () => setError(null),
  };
}
