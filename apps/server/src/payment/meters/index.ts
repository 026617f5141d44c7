// The meters module's public face: billing reads a period's usage, the catalog checks a price's
// meter, and the flows record events (with credit consumption) through these.
export { compactRollup, meterUsage, splitByDays, type Aggregation } from './aggregate.js';
export { batchAnswer, eventByIdentifier, recordEvents, serializeMeterEvent } from './events.js';
export type { ConsumeCredits, Recorded } from './events.js';
export type { PreparedEvent } from './ingest.js';
export { getMeter, type MeterRow } from './repo.js';
export { createMeter, requireMeter } from './service.js';
