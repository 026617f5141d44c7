import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import type { Category } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../platform/locale/useLocale';
import type { ListState } from './listState';

interface ListControlsProps {
  text: string;
  onText(text: string): void;
  state: ListState;
  categories: Category[];
  onChange(next: Partial<ListState>): void;
}

/** The search box (searches as you type, debounced by the page), category, price and sort choices. */
export function ListControls({ text, onText, state, categories, onChange }: ListControlsProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const sort = state.sort || (state.q ? 'relevance' : 'downloads');
  return (
    <Stack
      component="form"
      role="search"
      onSubmit={(e) => e.preventDefault()}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mt: 3, mb: 2 }}
    >
      <TextField
        size="small"
        type="search"
        label={t('store.browse.searchLabel')}
        placeholder={t('store.browse.searchPlaceholder')}
        value={text}
        onChange={(e) => onText(e.target.value)}
        sx={{ flex: 2, minWidth: 200 }}
        slotProps={{
          htmlInput: { 'data-testid': 'store-search', maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('store.browse.categoryLabel')}
        value={state.category}
        onChange={(e) => onChange({ category: e.target.value, page: 1 })}
        sx={{ flex: 1, minWidth: 160 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-category' } as object } }}
      >
        <MenuItem value="">{t('store.browse.categoryAll')}</MenuItem>
        {categories.map((c) => (
          <MenuItem key={c.id} value={c.name}>
            {c.locales[locale] || c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('store.browse.priceLabel')}
        value={state.price}
        onChange={(e) => onChange({ price: e.target.value as ListState['price'], page: 1 })}
        sx={{ flex: 1, minWidth: 140 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-price' } as object } }}
      >
        <MenuItem value="">{t('store.browse.priceAll')}</MenuItem>
        <MenuItem value="free">{t('store.browse.priceFree')}</MenuItem>
        <MenuItem value="paid">{t('store.browse.pricePaid')}</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label={t('store.browse.sortLabel')}
        value={sort}
        onChange={(e) => onChange({ sort: e.target.value as ListState['sort'], page: 1 })}
        sx={{ flex: 1, minWidth: 170 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'sort' } as object } }}
      >
        {state.q ? <MenuItem value="relevance">{t('store.browse.sortRelevance')}</MenuItem> : null}
        <MenuItem value="downloads">{t('store.browse.sortDownloads')}</MenuItem>
        <MenuItem value="updated">{t('store.browse.sortUpdated')}</MenuItem>
        <MenuItem value="title">{t('store.browse.sortTitle')}</MenuItem>
      </TextField>
    </Stack>
  );
}
