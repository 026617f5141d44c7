import type { Db } from '../../db/database.js';

/** A transaction handle; repos accept it or the pool-backed database alike. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbLike = Db | Tx;
