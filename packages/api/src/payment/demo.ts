import { z } from 'zod';

/** `GET {mount}/api/demo`: the seeded test-mode payment links, one per kind of price. */
export const demoLinksAnswer = z.object({
  enabled: z.boolean(),
  livemode: z.literal(false),
  links: z.array(
    z.object({
      kind: z.string(),
      id: z.string(),
      title: z.string(),
      description: z.string(),
      url: z.string(),
      active: z.boolean(),
      /** The title and description in other locales, keyed by locale (`zh`); absent: English only. */
      translations: z.record(z.string(), z.object({ title: z.string(), description: z.string() })).optional(),
    }),
  ),
});
export type DemoLinksAnswer = z.infer<typeof demoLinksAnswer>;
