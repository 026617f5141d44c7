import { ApiCallError, type Category, storeConsoleRoutes } from '@payshelf/api';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, storeCall } from './api';
import { categoriesKey } from './keys';

type Problem =
  | 'store.dev.categories.required'
  | 'store.dev.categories.tooLong'
  | 'store.dev.categories.labelChars'
  | 'store.dev.categories.slugChars';

/** SPEC section 5: category names allow letters, digits, hyphen, underscore and space (at most 40). */
export function labelProblem(v: string): Problem | null {
  const s = v.trim();
  if (!s) return 'store.dev.categories.required';
  if (s.length > 40) return 'store.dev.categories.tooLong';
  if (!/^[\p{L}\p{N} _-]+$/u.test(s)) return 'store.dev.categories.labelChars';
  return null;
}

/** The slug of `/category/{slug}`: lowercase letters, digits and hyphens. */
export function slugProblem(v: string): Problem | null {
  const s = v.trim();
  if (!s) return 'store.dev.categories.required';
  if (s.length > 40) return 'store.dev.categories.tooLong';
  if (!/^[a-z0-9-]+$/.test(s)) return 'store.dev.categories.slugChars';
  return null;
}

/** Adds a category (slug, en and zh names) or renames one (`editing`); server refusals show inline. */
export function CategoryDialog({ editing, onClose }: { editing: Category | null; onClose(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const titleId = useId();
  const [slug, setSlug] = useState(editing?.name ?? '');
  const [en, setEn] = useState(editing?.locales.en ?? '');
  const [zh, setZh] = useState(editing?.locales.zh ?? '');
  const [touched, setTouched] = useState(false);
  const save = useMutation({
    mutationFn: () => {
      const locales = { en: en.trim(), zh: zh.trim() };
      return editing
        ? storeCall(storeConsoleRoutes.renameCategory, { params: { id: editing.id }, body: { locales } })
        : storeCall(storeConsoleRoutes.createCategory, { body: { name: slug.trim(), locales } });
    },
    onSuccess: async (saved) => {
      enqueueSnackbar(
        t(editing ? 'store.dev.categories.saved' : 'store.dev.categories.created', {
          name: saved.locales.en,
        }),
        {
          variant: 'success',
        },
      );
      await client.invalidateQueries({ queryKey: categoriesKey });
      onClose();
    },
  });
  const problems = { slug: editing ? null : slugProblem(slug), en: labelProblem(en), zh: labelProblem(zh) };
  const serverError = save.error instanceof ApiCallError ? save.error : null;
  const fieldError = (field: 'slug' | 'en' | 'zh') => {
    const local = problems[field];
    if (touched && local) return t(local);
    if (!serverError) return null;
    if (field === 'slug' && (serverError.param === 'name' || serverError.code === 'category_exists'))
      return serverError.message;
    if (serverError.param === `locales.${field}`) return serverError.message;
    return null;
  };
  const shownInFields = (['slug', 'en', 'zh'] as const).some((f) => fieldError(f) === serverError?.message);
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="category-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!problems.slug && !problems.en && !problems.zh) save.mutate();
        }}
      >
        <DialogTitle id={titleId}>
          {editing
            ? t('store.dev.categories.editTitle', { name: editing.locales.en })
            : t('store.dev.categories.createTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {save.isError && !shownInFields ? (
              <Alert severity="error" role="alert">
                {messageOf(save.error)}
              </Alert>
            ) : null}
            {editing ? null : (
              <TextField
                label={t('store.dev.categories.slug')}
                value={slug}
                required
                autoFocus
                onChange={(e) => setSlug(e.target.value)}
                error={Boolean(fieldError('slug'))}
                helperText={fieldError('slug') ?? t('store.dev.categories.slugHelp')}
                slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'category-slug' } }}
              />
            )}
            <TextField
              label={t('store.dev.categories.en')}
              value={en}
              required
              autoFocus={Boolean(editing)}
              onChange={(e) => setEn(e.target.value)}
              error={Boolean(fieldError('en'))}
              helperText={fieldError('en') ?? ' '}
              slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'category-en' } }}
            />
            <TextField
              label={t('store.dev.categories.zh')}
              value={zh}
              required
              onChange={(e) => setZh(e.target.value)}
              error={Boolean(fieldError('zh'))}
              helperText={fieldError('zh') ?? ' '}
              slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'category-zh' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('store.dev.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="category-submit">
            {editing ? t('store.dev.common.save') : t('store.dev.common.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
