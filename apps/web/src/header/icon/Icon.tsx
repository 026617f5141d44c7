import { Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { loadIcon } from './iconLoader';
import { fallbackLetter, splitIconName, type IconData, type IconStatus } from './iconTypes';

interface IconProps {
  /** `prefix:name` from an icon set, or the URL of an image. */
  icon: string;
  size?: number;
}

function maskUrl(data: IconData): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${data.width} ${data.height}">${data.body}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/**
 * SPEC.md section 4: loading, then rendered, or failed (the name's first letter). Set icons are drawn
 * as a CSS mask in the current text colour, so their markup never enters the page.
 */
export function Icon({ icon, size = 24 }: IconProps) {
  const isImage = splitIconName(icon) === undefined && /^(\/|https?:\/\/)/.test(icon);
  const [state, setState] = useState<{ icon: string; status: IconStatus; data?: IconData }>({
    icon,
    status: 'loading',
  });
  useEffect(() => {
    if (isImage) return;
    let live = true;
    void loadIcon(icon).then((data) => {
      if (live) setState(data ? { icon, status: 'rendered', data } : { icon, status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [icon, isImage]);

  const box = { width: size, height: size, display: 'inline-block', flexShrink: 0, verticalAlign: 'middle' };
  if (isImage) return <Box component="img" src={icon} alt="" data-icon-status="rendered" sx={box} />;
  const current = state.icon === icon ? state : { icon, status: 'loading' as const };
  if (current.status === 'rendered' && current.data) {
    const mask = maskUrl(current.data);
    return (
      <Box
        component="span"
        aria-hidden
        data-icon-status="rendered"
        sx={{
          ...box,
          bgcolor: 'currentColor',
          maskImage: mask,
          WebkitMaskImage: mask,
          maskSize: '100% 100%',
          maskRepeat: 'no-repeat',
        }}
      />
    );
  }
  if (current.status === 'failed') {
    return (
      <Box
        component="span"
        aria-hidden
        data-icon-status="failed"
        sx={{
          ...box,
          display: 'inline-grid',
          placeItems: 'center',
          fontSize: size * 0.6,
          fontWeight: 700,
          lineHeight: 1,
        }}
      >
        {fallbackLetter(icon)}
      </Box>
    );
  }
  return <Box component="span" aria-hidden data-icon-status="loading" sx={box} />;
}
