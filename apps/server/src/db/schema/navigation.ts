import type { NavigationConfig } from '@payshelf/api';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The site navigation (header, footer, social, bottom, dashboard, session manager and user centre
 * items) as one validated document. One row, id `default`; seeded once at first start, then replaced
 * whole by owners and admins. `version` goes up by one with every replacement.
 */
export const navigationConfigs = pgTable('navigation_configs', {
  id: text('id').primaryKey(),
  document: jsonb('document').$type<NavigationConfig>().notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
