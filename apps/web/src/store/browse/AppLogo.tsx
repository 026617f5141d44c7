import { Avatar } from '@mui/material';
import { assetPath } from './api';

/**
 * An application's logo from our origin; its initial on a coloured square when it has none (the
 * image answers 404) or it fails to load. Decorative: the title beside it names the application.
 */
export function AppLogo({
  did,
  version,
  title,
  size,
}: {
  did: string;
  version: string | null;
  title: string;
  size: number;
}) {
  return (
    <Avatar
      variant="rounded"
      src={version ? assetPath(did, version, 'logo') : undefined}
      alt=""
      aria-hidden
      sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size / 2.4 }}
      slotProps={{ img: { loading: 'lazy', alt: '' } }}
    >
      {title.trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
}
