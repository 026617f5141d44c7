import ExpandMore from '@mui/icons-material/ExpandMore';
import { Button, Menu } from '@mui/material';
import { useState } from 'react';
import { ProductsButton } from '../products/ProductsButton';
import { containsId } from './navigation';
import { navLinkProps } from './navLinkProps';
import { navMenuItems } from './NavMenuItems';
import type { TopEntry } from './useHeaderNavigation';

const buttonSx = (active: boolean) => ({
  whiteSpace: 'nowrap',
  flexShrink: 0,
  fontWeight: 600,
  color: active ? 'primary.main' : 'inherit',
  boxShadow: active ? 'inset 0 -2px 0 currentColor' : 'none',
  borderRadius: 1,
});

/** One entry of the desktop bar: a link, a menu of children, or Products. */
export function TopNavEntry({ entry, activeId }: { entry: TopEntry; activeId: string | undefined }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (entry.kind === 'products') return <ProductsButton />;
  const { item } = entry;
  const active = containsId(item, activeId);
  if (item.items.length === 0) {
    return (
      <Button
        {...navLinkProps(item)}
        data-testid="nav-item"
        data-nav-id={item.id}
        aria-current={item.id === activeId ? 'page' : undefined}
        sx={buttonSx(active)}
      >
        {item.title}
      </Button>
    );
  }
  return (
    <>
      <Button
        data-testid="nav-group"
        data-nav-id={item.id}
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={buttonSx(active)}
      >
        {item.title}
      </Button>
      <Menu open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {navMenuItems({ items: item.items, activeId, onNavigate: () => setAnchor(null) })}
      </Menu>
    </>
  );
}

/** The same entry as plain text, for measuring widths off screen. */
export function MeasureEntry({ entry, label }: { entry: TopEntry; label: string }) {
  const hasMenu = entry.kind === 'products' || entry.item.items.length > 0;
  return (
    <Button tabIndex={-1} endIcon={hasMenu ? <ExpandMore /> : undefined} sx={buttonSx(false)}>
      {label}
    </Button>
  );
}
