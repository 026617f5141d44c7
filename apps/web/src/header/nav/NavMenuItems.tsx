import ChevronRight from '@mui/icons-material/ChevronRight';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icon/Icon';
import { containsId } from './navigation';
import { navLinkProps } from './navLinkProps';
import type { ResolvedNavItem } from './navTypes';

interface ItemsProps {
  items: readonly ResolvedNavItem[];
  activeId: string | undefined;
  /** Closes every open menu after a link was chosen. */
  onNavigate: () => void;
}

function ItemIcon({ item }: { item: ResolvedNavItem }) {
  if (!item.icon) return null;
  return (
    <ListItemIcon>
      <Icon icon={item.icon} size={20} />
    </ListItemIcon>
  );
}

function LeafItem({ item, activeId, onNavigate }: { item: ResolvedNavItem } & Omit<ItemsProps, 'items'>) {
  const { t } = useTranslation();
  return (
    <MenuItem
      {...navLinkProps(item)}
      data-testid="nav-item"
      data-nav-id={item.id}
      selected={item.id === activeId}
      aria-current={item.id === activeId ? 'page' : undefined}
      onClick={onNavigate}
    >
      <ItemIcon item={item} />
      <ListItemText primary={item.title} secondary={item.description} />
      {item.external ? (
        <OpenInNew fontSize="inherit" aria-label={t('header.nav.opensInNewTab')} sx={{ ml: 1 }} />
      ) : null}
    </MenuItem>
  );
}

/** A menu entry with children: opens its own menu to the side, at any depth. */
function GroupItem({ item, activeId, onNavigate }: { item: ResolvedNavItem } & Omit<ItemsProps, 'items'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <MenuItem
        data-testid="nav-group"
        data-nav-id={item.id}
        selected={containsId(item, activeId)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') setAnchor(event.currentTarget);
        }}
      >
        <ItemIcon item={item} />
        <ListItemText primary={item.title} secondary={item.description} />
        <ChevronRight fontSize="small" sx={{ ml: 1 }} />
      </MenuItem>
      <Menu
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') close();
        }}
      >
        {navMenuItems({
          items: item.items,
          activeId,
          onNavigate: () => {
            close();
            onNavigate();
          },
        })}
      </Menu>
    </>
  );
}

/** The entries of one menu level; groups nest their own menus, so every depth is drawn. */
export function navMenuItems({ items, activeId, onNavigate }: ItemsProps) {
  return items.map((item) =>
    item.items.length > 0 ? (
      <GroupItem key={item.id} item={item} activeId={activeId} onNavigate={onNavigate} />
    ) : (
      <LeafItem key={item.id} item={item} activeId={activeId} onNavigate={onNavigate} />
    ),
  );
}
