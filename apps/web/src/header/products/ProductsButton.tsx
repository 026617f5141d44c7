import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Button, IconButton, Popover } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductsPanel } from './ProductsPanel';

/** The Products item of the desktop menu: opens the switcher panel below it. */
export function ProductsButton() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  return (
    <>
      <Button
        color="inherit"
        data-testid="nav-products"
        endIcon={<ExpandMore />}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? panelId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0, fontWeight: 600, borderRadius: 1 }}
      >
        {t('header.nav.products')}
      </Button>
      <ProductsPopover id={panelId} anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}

/**
 * Small screens: the same switcher from an icon in the bar, so the panel keeps its 80vw (max 900 px)
 * popover with one column there too; the drawer still offers the inline variant.
 */
export function ProductsIconButton() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  return (
    <>
      <IconButton
        color="inherit"
        data-testid="nav-products-icon"
        aria-label={t('header.nav.products')}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? panelId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <WidgetsOutlined data-testid="products-icon" />
      </IconButton>
      <ProductsPopover id={panelId} anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}

export function ProductsPopover({
  id,
  anchor,
  onClose,
}: {
  id?: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  return (
    <Popover
      id={id}
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { maxWidth: 'none', borderRadius: 2 } } }}
    >
      <ProductsPanel onNavigate={onClose} />
    </Popover>
  );
}
