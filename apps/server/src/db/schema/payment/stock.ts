import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stock a submitted checkout session holds (payment/catalog/stock.ts): one row per session and price,
 * counted in `prices.quantity_reserved` until the session completes (then sold) or expires, is changed
 * or is submitted again (then released).
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    checkoutSessionId: text().notNull(),
    priceId: text().notNull(),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.checkoutSessionId, t.priceId] }),
    index('stock_reservations_price').on(t.priceId),
  ],
);
