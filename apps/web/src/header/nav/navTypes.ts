import type { LocalizedText, NavSection } from '@payshelf/api';

// The section list and text shape are the shared contract's, so the header and the server agree.
export { NAV_SECTIONS } from '@payshelf/api';
export type { LocalizedText, NavSection };

/** A navigation item as configured (before role filtering and localisation). */
export interface NavItem {
  id: string;
  title: LocalizedText;
  description?: LocalizedText;
  link?: string;
  icon?: string;
  /** Roles that see the item; empty means everyone. */
  role: string[];
  section: NavSection[];
  items: NavItem[];
}

/** A navigation item ready to draw: texts in one language, leaf links carrying `?locale=`. */
export interface ResolvedNavItem {
  id: string;
  title: string;
  description?: string;
  link?: string;
  icon?: string;
  /** Opens in a new tab (absolute `http…` or protocol-relative `//…` links). */
  external: boolean;
  items: ResolvedNavItem[];
}

export type NavSections = Record<NavSection, NavItem[]>;
