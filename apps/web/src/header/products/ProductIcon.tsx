import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import Brush from '@mui/icons-material/Brush';
import Dns from '@mui/icons-material/Dns';
import Fingerprint from '@mui/icons-material/Fingerprint';
import Hub from '@mui/icons-material/Hub';
import Key from '@mui/icons-material/Key';
import Language from '@mui/icons-material/Language';
import Layers from '@mui/icons-material/Layers';
import Link from '@mui/icons-material/Link';
import Payments from '@mui/icons-material/Payments';
import Psychology from '@mui/icons-material/Psychology';
import Public from '@mui/icons-material/Public';
import RocketLaunch from '@mui/icons-material/RocketLaunch';
import SmartToy from '@mui/icons-material/SmartToy';
import Storage from '@mui/icons-material/Storage';
import Storefront from '@mui/icons-material/Storefront';
import Token from '@mui/icons-material/Token';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Widgets from '@mui/icons-material/Widgets';
import type { SvgIconComponent } from '@mui/icons-material';
import { Box } from '@mui/material';
import type { ProductIconId } from './products';

/** Bundled glyph and tile colour per product: no network, nothing copied from the reference. */
const ICONS: Record<ProductIconId, [SvgIconComponent, string]> = {
  nftStudio: [Token, '#7c4dff'],
  creatorStudio: [Brush, '#ef6c00'],
  aistro: [AutoAwesome, '#8e24aa'],
  aigne: [SmartToy, '#37474f'],
  arcSphere: [Public, '#1e88e5'],
  launcher: [RocketLaunch, '#00897b'],
  aiKit: [Psychology, '#d81b60'],
  paymentKit: [Payments, '#43a047'],
  store: [Storefront, '#3949ab'],
  web3Kit: [Widgets, '#6d4c41'],
  framework: [Layers, '#5e35b1'],
  didSpaces: [Storage, '#876bf4'],
  abtNetwork: [Hub, '#0097a7'],
  server: [Dns, '#546e7a'],
  ocap: [Link, '#f4511e'],
  did: [Fingerprint, '#5b96f3'],
  didWallet: [AccountBalanceWallet, '#1565c0'],
  didNames: [Language, '#678ab0'],
  vc: [VerifiedUser, '#2e7d32'],
  didConnect: [Key, '#5bbec5'],
};

export function ProductIcon({ id, size = 36 }: { id: ProductIconId; size?: number }) {
  const [Glyph, color] = ICONS[id];
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 1.5,
        display: 'grid',
        placeItems: 'center',
        color: '#fff',
        bgcolor: color,
      }}
    >
      <Glyph sx={{ fontSize: size * 0.6 }} />
    </Box>
  );
}
