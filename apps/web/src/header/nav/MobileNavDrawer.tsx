import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, Drawer, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icon/Icon';
import { ProductsPanel } from '../products/ProductsPanel';
import { containsId } from './navigation';
import { navLinkProps } from './navLinkProps';
import type { ResolvedNavItem } from './navTypes';
import type { TopEntry } from './useHeaderNavigation';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  entries: TopEntry[];
  activeId: string | undefined;
}

function ItemRow({
  item,
  depth,
  activeId,
  onNavigate,
}: {
  item: ResolvedNavItem;
  depth: number;
  activeId: string | undefined;
  onNavigate: () => void;
}) {
  const [open, setOpen] = useState(() => containsId(item, activeId));
  const icon = item.icon ? (
    <ListItemIcon sx={{ minWidth: 36 }}>
      <Icon icon={item.icon} size={20} />
    </ListItemIcon>
  ) : null;
  const indent = { pl: 2 + depth * 2 };
  if (item.items.length === 0) {
    return (
      <ListItemButton
        {...navLinkProps(item)}
        data-testid="nav-item"
        data-nav-id={item.id}
        selected={item.id === activeId}
        aria-current={item.id === activeId ? 'page' : undefined}
        onClick={onNavigate}
        sx={indent}
      >
        {icon}
        <ListItemText primary={item.title} secondary={item.description} />
      </ListItemButton>
    );
  }
  return (
    <>
      <ListItemButton
        data-testid="nav-group"
        data-nav-id={item.id}
        aria-expanded={open ? 'true' : 'false'}
        onClick={() => setOpen(!open)}
        sx={indent}
      >
        {icon}
        <ListItemText primary={item.title} secondary={item.description} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        {/* Rows are links and buttons, not list items: a plain group, as the top level (a nav) is. */}
        <List disablePadding component="div">
          {item.items.map((child) => (
            <ItemRow
              key={child.id}
              item={child}
              depth={depth + 1}
              activeId={activeId}
              onNavigate={onNavigate}
            />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function ProductsRow({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ListItemButton
        data-testid="nav-products"
        aria-expanded={open ? 'true' : 'false'}
        onClick={() => setOpen(!open)}
      >
        <ListItemText primary={t('header.nav.products')} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <ProductsPanel inline onNavigate={onNavigate} />
      </Collapse>
    </>
  );
}

/** Small screens: the whole menu in a drawer below the bar, every depth as a collapsible list. */
export function MobileNavDrawer({ open, onClose, entries, activeId }: DrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="top"
      open={open}
      onClose={onClose}
      slotProps={{
        root: { sx: { top: 64 } },
        backdrop: { sx: { top: 64 } },
        paper: { sx: { top: 64, maxHeight: 'calc(100vh - 64px)' } },
      }}
    >
      <List component="nav" aria-label={t('header.nav.main')} data-testid="mobile-nav">
        {entries.map((entry) =>
          entry.kind === 'products' ? (
            <ProductsRow key="products" onNavigate={onClose} />
          ) : (
            <ItemRow
              key={entry.item.id}
              item={entry.item}
              depth={0}
              activeId={activeId}
              onNavigate={onClose}
            />
          ),
        )}
      </List>
    </Drawer>
  );
}
