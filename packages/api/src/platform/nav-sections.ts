// No zod here: the web header imports this list on every page, and the schemas stay out of that bundle.
/** Where a navigation item is shown (SPEC.md section 3); an item without `section` belongs to the header. */
export const NAV_SECTIONS = [
  'header',
  'footer',
  'social',
  'bottom',
  'dashboard',
  'sessionManager',
  'userCenter',
] as const;
