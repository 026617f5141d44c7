import { Typography } from '@mui/material';
import { localeKey, localizedProduct, type Product } from '@payshelf/api';
import { useTranslation } from 'react-i18next';

/**
 * Beside a product's own name (the source text the merchant edits, which the catalog keeps showing),
 * the name visitors in the admin's language see, when a translation in `metadata.translations` gives
 * a different one. Nothing when there is no such translation.
 */
export function TranslatedName({ product }: { product: Pick<Product, 'name' | 'description' | 'metadata'> }) {
  const { t, i18n } = useTranslation();
  const shown = localizedProduct(product, i18n.language).name;
  if (shown === product.name) return null;
  return (
    <Typography
      variant="caption"
      component="span"
      sx={{ display: 'block', color: 'text.secondary' }}
      lang={localeKey(i18n.language)}
      data-testid="product-translated-name"
    >
      {t('payment.productTexts.translated', { name: shown })}
    </Typography>
  );
}
