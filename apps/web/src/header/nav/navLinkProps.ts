import { Link as RouterLink } from 'react-router';
import type { ResolvedNavItem } from './navTypes';

/**
 * Props that make a MUI Button, MenuItem or ListItemButton a link to the item: the router for links
 * inside the app, a plain anchor in a new tab for external ones (and mailto).
 */
export function navLinkProps(item: ResolvedNavItem) {
  const link = item.link ?? '/';
  if (item.external) {
    return { component: 'a', href: link, target: '_blank', rel: 'noopener noreferrer' } as const;
  }
  if (!link.startsWith('/')) return { component: 'a', href: link } as const;
  return { component: RouterLink, to: link } as const;
}
