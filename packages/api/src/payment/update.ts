import { z } from 'zod';

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;

/** The shape of `updateOf(create)`: every field optional and without its create-time default. */
export type UpdateShape<S extends z.ZodRawShape> = {
  [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]> & z.core.SomeType>;
};

/**
 * The update form of a create schema: every field optional and stripped of its default, so a field
 * left out of an update stays as it is. (zod's `.partial()` keeps defaults: an update of `metadata`
 * alone would put `maximum_precision` back to 6 or a method's `settings` back to `{}`.)
 */
export function updateOf<S extends z.ZodRawShape>(create: z.ZodObject<S>): z.ZodObject<UpdateShape<S>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(create.shape)) {
    const inner: z.core.SomeType = field instanceof z.ZodDefault ? field.unwrap() : field;
    shape[key] = z.optional(inner);
  }
  return create.extend(shape) as unknown as z.ZodObject<UpdateShape<S>>;
}
