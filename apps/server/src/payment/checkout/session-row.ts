import type { checkoutSessions } from '../../db/schema/index.js';

/** A checkout session as stored, and as inserted (shared by the repo and the session cache). */
export type SessionRow = typeof checkoutSessions.$inferSelect;
export type SessionInsert = typeof checkoutSessions.$inferInsert;
