import { z } from 'zod';

/** Our own icon host, the first of the icon loader's hosts: `{ICONS_PATH}/{prefix}.json?icons=a,b`. */
export const ICONS_PATH = '/.well-known/service/icons';
/** SPEC.md section 9: icon request URLs stay within 500 characters. */
export const ICON_MAX_URL = 500;

const iconData = z.object({
  body: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  left: z.number().optional(),
  top: z.number().optional(),
  rotate: z.number().int().optional(),
  hFlip: z.boolean().optional(),
  vFlip: z.boolean().optional(),
});

/** The Iconify API's JSON answer for some icons of one set. */
export const iconSetAnswer = z.object({
  prefix: z.string(),
  icons: z.record(z.string(), iconData),
  /** Requested aliases, each pointing straight at an icon in `icons` (chains are flattened). */
  aliases: z
    .record(
      z.string(),
      z.object({
        parent: z.string(),
        rotate: z.number().int().optional(),
        hFlip: z.boolean().optional(),
        vFlip: z.boolean().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
      }),
    )
    .optional(),
  width: z.number(),
  height: z.number(),
  not_found: z.array(z.string()).optional(),
});
export type IconSetAnswer = z.infer<typeof iconSetAnswer>;
