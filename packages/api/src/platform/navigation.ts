import { z } from 'zod';
import { storableJson } from './json.js';

import { NAV_SECTIONS } from './nav-sections.js';

export { NAV_SECTIONS };
export const navSection = z.enum(NAV_SECTIONS);
export type NavSection = z.infer<typeof navSection>;

/** Deepest nesting a stored navigation may have (the header renders every depth). */
export const NAV_MAX_DEPTH = 6;
/** Most items (at every depth together) a stored navigation may have. */
export const NAV_MAX_ITEMS = 500;

/** A title or description: one string, or one string per locale (`{ en, zh }`; the web falls back to en). */
export const localizedText = z.union([
  z.string().trim().min(1).max(300),
  z
    .record(
      z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/, 'must be a locale such as en or zh'),
      z.string().max(300),
    )
    .refine((o) => Object.keys(o).length > 0, 'needs at least one locale')
    .refine((o) => Object.keys(o).length <= 20, 'too many locales'),
]);
export type LocalizedText = z.infer<typeof localizedText>;

/** Relative paths, http(s), protocol-relative and mailto links; never `javascript:` or `data:`. */
export const navLink = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .regex(/^(\/|https?:\/\/|mailto:)/i, 'must start with /, http://, https:// or mailto:');

/** An Iconify name (`mdi:store`) or the URL of an image. */
export const navIcon = z
  .string()
  .trim()
  .max(500)
  .regex(
    /^([a-z0-9]+(-[a-z0-9]+)*:[a-z0-9]+(-[a-z0-9]+)*|\/\S*|https?:\/\/\S+)$/,
    'must be an icon name or URL',
  );

export const roleName = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a role name');

/** A navigation item as an owner or admin writes it (`PUT /api/navigation`). */
export interface NavigationItemInput {
  id: string;
  title: LocalizedText;
  description?: LocalizedText | undefined;
  link?: string | undefined;
  icon?: string | undefined;
  role?: string | string[] | undefined;
  section?: NavSection | NavSection[] | undefined;
  items?: NavigationItemInput[] | undefined;
}

export const navigationItemInput: z.ZodType<NavigationItemInput> = z.lazy(() =>
  z.strictObject({
    id: z.string().trim().min(1).max(200),
    title: localizedText,
    description: localizedText.optional(),
    link: navLink.optional(),
    icon: navIcon.optional(),
    role: z.union([roleName, z.array(roleName).min(1).max(20)]).optional(),
    section: z.union([navSection, z.array(navSection).min(1).max(NAV_SECTIONS.length)]).optional(),
    items: z.array(navigationItemInput).max(100).optional(),
  }),
);

/** Checks what one item cannot see: unique ids, depth, total size, and a link or children on every item. */
function checkTree(items: NavigationItemInput[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  let count = 0;
  const walk = (list: NavigationItemInput[], path: Array<string | number>, depth: number) => {
    list.forEach((item, i) => {
      const at = [...path, i];
      count += 1;
      if (seen.has(item.id)) ctx.addIssue({ code: 'custom', message: 'duplicate id', path: [...at, 'id'] });
      seen.add(item.id);
      const children = item.items ?? [];
      if (!item.link && children.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: 'an item needs a link or child items',
          path: [...at, 'link'],
        });
      }
      if (depth > NAV_MAX_DEPTH) {
        ctx.addIssue({ code: 'custom', message: `nested deeper than ${NAV_MAX_DEPTH} levels`, path: at });
        return;
      }
      walk(children, [...at, 'items'], depth + 1);
    });
  };
  walk(items, ['items'], 1);
  if (count > NAV_MAX_ITEMS) {
    ctx.addIssue({ code: 'custom', message: `more than ${NAV_MAX_ITEMS} items`, path: ['items'] });
  }
}

/** Each navigation level is an array and an object; anything deeper than this cannot be valid. */
const MAX_JSON_DEPTH = 2 * NAV_MAX_DEPTH + 6;

const navigationDocument = z
  .strictObject({
    items: z.array(navigationItemInput).max(200),
    /** Index in the top-level header items where the Products item is inserted; null hides it. */
    productsItem: z.number().int().min(0).max(200).nullable().default(null),
  })
  .superRefine((value, ctx) => checkTree(value.items, ctx));

/**
 * Body of `PUT /api/navigation`, and the stored configuration. Nesting and NUL characters are checked
 * before the recursive schema runs: a body nested thousands of levels deep is a 400, not a stack overflow.
 */
export const navigationConfig = storableJson(navigationDocument, MAX_JSON_DEPTH);
export type NavigationConfig = z.output<typeof navigationConfig>;

/** A navigation item as `GET /api/navigation` answers it: role and section always lists. */
export interface NavigationItem {
  id: string;
  title: LocalizedText;
  description?: LocalizedText | undefined;
  link?: string | undefined;
  icon?: string | undefined;
  role?: string[] | undefined;
  section: NavSection[];
  items: NavigationItem[];
}

export const navigationItem: z.ZodType<NavigationItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    title: localizedText,
    description: localizedText.optional(),
    link: z.string().optional(),
    icon: z.string().optional(),
    role: z.array(z.string()).optional(),
    section: z.array(navSection),
    items: z.array(navigationItem),
  }),
);

const themedUrl = z.object({ light: z.string(), dark: z.string() });

/** What the header needs besides the menu: name, logos, and where the Products item goes. */
export const branding = z.object({
  appName: z.string(),
  logos: z.object({ square: themedUrl, wide: themedUrl }),
  /** Index among the visible top-level header items at which to insert Products; null hides it. */
  productsItem: z.number().int().nullable(),
});
export type Branding = z.infer<typeof branding>;

/**
 * `GET /api/navigation`: the items the caller may see, grouped by section (an item listing two sections
 * appears in both). Texts are not localised: the web picks the locale.
 */
export const navigationAnswer = z.object({
  sections: z.record(navSection, z.array(navigationItem)),
  branding,
  version: z.number().int(),
});
export type NavigationAnswer = z.infer<typeof navigationAnswer>;

/** `GET /api/navigation/config` and `PUT /api/navigation`: the stored configuration, unfiltered. */
export const navigationConfigAnswer = z.object({
  config: z.object({ items: z.array(navigationItemInput), productsItem: z.number().int().nullable() }),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type NavigationConfigAnswer = z.infer<typeof navigationConfigAnswer>;
