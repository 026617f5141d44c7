import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { otherLocale } from '../../platform/locale/locale';
import { useLocale } from '../../platform/locale/useLocale';

/** One click switches between English and Chinese. The full locale menu comes with the shared header. */
export function LocaleToggleButton() {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  const next = otherLocale(locale);
  const language = t(`platform.locale.names.${next}`);
  return (
    <Button
      color="inherit"
      startIcon={<TranslateOutlined />}
      aria-label={t('platform.locale.switchTo', { language })}
      onClick={() => setLocale(next)}
    >
      <span lang={next}>{language}</span>
    </Button>
  );
}
