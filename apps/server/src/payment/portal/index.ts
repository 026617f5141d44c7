// The customer portal module's public face: its routes and the frozen overdue batches that the
// collect-batch flow pays (flows/collect-batch.ts, flows/batch-payment.ts).
export { customerPortalRoutes } from './routes.js';
export { BATCH_KEY, batchIntent, batchOf, openBatch, type FrozenBatch } from './batch.js';
export { openBatchFor } from './batch-for-caller.js';
