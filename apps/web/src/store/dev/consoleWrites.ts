import { storeConsoleRoutes } from '@payshelf/api';

/**
 * The console's writes on one blocklet, each an entry of the store's route table: '' edits the
 * listing (`PUT /console/blocklets/:did`), the others review, block or unblock it.
 */
export const CONSOLE_WRITES = {
  '': storeConsoleRoutes.update,
  '/review': storeConsoleRoutes.review,
  '/block': storeConsoleRoutes.block,
  '/unblock': storeConsoleRoutes.unblock,
} as const;

/** One console write: which entry, its body and the success message. */
export interface ConsoleWrite {
  path: keyof typeof CONSOLE_WRITES;
  body: unknown;
  done: string;
}
