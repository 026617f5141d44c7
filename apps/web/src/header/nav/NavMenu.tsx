import MoreHoriz from '@mui/icons-material/MoreHoriz';
import { Box, IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductsPopover } from '../products/ProductsButton';
import { navMenuItems } from './NavMenuItems';
import { debounce, fitCount } from './overflow';
import { MeasureEntry, TopNavEntry } from './TopNavEntry';
import type { TopEntry } from './useHeaderNavigation';

const RELAYOUT_DEBOUNCE_MS = 100;

function entryKey(entry: TopEntry): string {
  return entry.kind === 'products' ? 'products' : entry.item.id;
}

interface NavMenuProps {
  entries: TopEntry[];
  activeId: string | undefined;
}

/** Counts how many entries fit, measuring an invisible copy of the bar; re-counts 100 ms after resizes. */
function useFittingCount(entries: TopEntry[]) {
  const containerRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(entries.length);

  useLayoutEffect(() => {
    const container = containerRef.current;
    const measure = measureRef.current;
    if (!container || !measure) return;
    const layout = () => {
      const children = [...measure.children].map((child) => child.getBoundingClientRect().width);
      const moreWidth = children.pop() ?? 0;
      setCount(fitCount(children, container.getBoundingClientRect().width, moreWidth));
    };
    layout();
    const relayout = debounce(layout, RELAYOUT_DEBOUNCE_MS);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => relayout());
    observer?.observe(container);
    window.addEventListener('resize', relayout);
    return () => {
      relayout.cancel();
      observer?.disconnect();
      window.removeEventListener('resize', relayout);
    };
  }, [entries]);

  return { containerRef, measureRef, count };
}

/** The desktop menu: entries that fit, then a "..." menu with the rest. */
export function NavMenu({ entries, activeId }: NavMenuProps) {
  const { t } = useTranslation();
  const { containerRef, measureRef, count } = useFittingCount(entries);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const [productsAnchor, setProductsAnchor] = useState<HTMLElement | null>(null);
  const visible = entries.slice(0, count);
  const hidden = entries.slice(count);
  const moreOpen = moreAnchor !== null && hidden.length > 0;
  const label = (entry: TopEntry) =>
    entry.kind === 'products' ? t('header.nav.products') : entry.item.title;

  return (
    <Box
      component="nav"
      ref={containerRef}
      aria-label={t('header.nav.main')}
      data-testid="header-nav"
      sx={{
        flex: 1,
        minWidth: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <Box
        ref={measureRef}
        aria-hidden
        inert
        sx={{
          position: 'absolute',
          top: 0,
          left: 0,
          display: 'flex',
          gap: 0.5,
          visibility: 'hidden',
          pointerEvents: 'none',
        }}
      >
        {entries.map((entry) => (
          <MeasureEntry key={entryKey(entry)} entry={entry} label={label(entry)} />
        ))}
        <IconButton tabIndex={-1}>
          <MoreHoriz />
        </IconButton>
      </Box>
      {visible.map((entry) => (
        <TopNavEntry key={entryKey(entry)} entry={entry} activeId={activeId} />
      ))}
      {hidden.length > 0 ? (
        <IconButton
          data-testid="nav-more"
          aria-label={t('header.nav.more')}
          aria-haspopup="menu"
          aria-expanded={moreOpen ? 'true' : 'false'}
          onClick={(event) => setMoreAnchor(event.currentTarget)}
        >
          <MoreHoriz />
        </IconButton>
      ) : null}
      <Menu open={moreOpen} anchorEl={moreAnchor} onClose={() => setMoreAnchor(null)}>
        {hidden.flatMap((entry) =>
          entry.kind === 'products'
            ? [
                <MenuItem
                  key="products"
                  data-testid="nav-products"
                  onClick={() => setProductsAnchor(moreAnchor)}
                >
                  <ListItemText primary={t('header.nav.products')} />
                </MenuItem>,
              ]
            : navMenuItems({ items: [entry.item], activeId, onNavigate: () => setMoreAnchor(null) }),
        )}
      </Menu>
      <ProductsPopover
        anchor={productsAnchor}
        onClose={() => {
          setProductsAnchor(null);
          setMoreAnchor(null);
        }}
      />
    </Box>
  );
}
