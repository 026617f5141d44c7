/** A title or description: one string, or one per locale (`{ en, zh }`). */
export type LocalizedText = string | Readonly<Record<string, string>>;

/** The sections a navigation item can belong to (SPEC.md section 3, Navigation item). */
export const NAV_SECTIONS = [
  'header',
  'footer',
  'social',
  'bottom',
  'dashboard',
  'sessionManager',
  'userCenter',
] as const;

export type NavSection = (typeof NAV_SECTIONS)[number];

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
