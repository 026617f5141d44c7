import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { assetPath } from './api';

interface GalleryProps {
  did: string;
  version: string;
  title: string;
  count: number;
}

/**
 * The screenshots: one large image, previous/next buttons and a row of thumbnail buttons. The
 * arrow keys move between screenshots while the gallery has focus; every image has its alt text.
 */
export function ScreenshotGallery({ did, version, title, count }: GalleryProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const hintId = useId();
  if (count === 0) return null;
  const go = (i: number) => setIndex((i + count) % count);
  const alt = (i: number) => t('store.browse.detail.screenshotAlt', { index: i + 1, count, title });
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(index + 1);
    else if (e.key === 'ArrowLeft') go(index - 1);
    else return;
    e.preventDefault();
  };
  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={t('store.browse.detail.screenshots')}
      aria-describedby={hintId}
      onKeyDown={onKey}
      data-testid="screenshot-gallery"
    >
      <Typography id={hintId} variant="caption" sx={{ color: 'text.secondary' }}>
        {t('store.browse.detail.galleryHint')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
        <IconButton
          aria-label={t('store.browse.detail.previous')}
          onClick={() => go(index - 1)}
          disabled={count < 2}
        >
          <ChevronLeft />
        </IconButton>
        <Box
          component="img"
          src={assetPath(did, version, `screenshots/${index}`)}
          alt={alt(index)}
          aria-live="polite"
          sx={{
            flex: 1,
            minWidth: 0,
            maxHeight: 420,
            objectFit: 'contain',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
          }}
        />
        <IconButton
          aria-label={t('store.browse.detail.next')}
          onClick={() => go(index + 1)}
          disabled={count < 2}
        >
          <ChevronRight />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        {Array.from({ length: count }, (_, i) => (
          <Box
            key={i}
            component="button"
            type="button"
            aria-label={t('store.browse.detail.showScreenshot', { index: i + 1 })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
            sx={{
              p: 0,
              border: 2,
              borderColor: i === index ? 'primary.main' : 'transparent',
              borderRadius: 1,
              bgcolor: 'transparent',
              cursor: 'pointer',
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            <Box
              component="img"
              src={assetPath(did, version, `screenshots/${i}`)}
              alt=""
              loading="lazy"
              sx={{ display: 'block', width: 72, height: 45, objectFit: 'cover', borderRadius: 0.5 }}
            />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
