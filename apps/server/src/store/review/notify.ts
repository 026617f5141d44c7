import { and, inArray, isNull } from 'drizzle-orm';
import { passports } from '../../db/schema/index.js';
import { notify } from '../../platform/notifications/index.js';
import type { StoreContext, Tx } from '../context.js';
import type { StoreBlockletRow } from '../repo.js';
import type { ReviewAction } from './machine.js';

const TITLES: Record<ReviewAction, string> = {
  request: 'Review requested',
  start: 'Review started',
  approve: 'Version approved and published',
  reject: 'Version rejected',
  cancel: 'Review cancelled',
  comment: 'New review comment',
  reply: 'Developer replied',
  publish: 'Version published',
};

async function admins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ did: passports.userDid })
    .from(passports)
    .where(and(inArray(passports.role, ['owner', 'admin']), isNull(passports.revokedAt)));
  return rows.map((r) => r.did);
}

/**
 * Tells the other party of a review step, in the step's transaction (nothing is sent if it rolls
 * back): the developer's steps go to the store admins, the reviewer's to the application's owner.
 */
export async function notifyReview(
  ctx: StoreContext,
  tx: Tx,
  blocklet: StoreBlockletRow,
  version: string,
  action: ReviewAction,
  actor: { did: string; fullName: string },
  body = '',
): Promise<void> {
  const toAdmins = action === 'request' || action === 'cancel' || action === 'reply';
  const receivers = (toAdmins ? await admins(tx) : [blocklet.ownerDid]).filter((did) => did !== actor.did);
  const severity = action === 'reject' ? 'warning' : action === 'approve' ? 'success' : 'info';
  for (const receiver of receivers) {
    await notify(
      ctx.services,
      {
        receiver,
        title: `${TITLES[action]}: ${blocklet.title || blocklet.name} ${version}`,
        description: body.slice(0, 2000),
        severity,
        activity:
          action === 'comment' || action === 'reply'
            ? {
                type: 'comment',
                actor: actor.did,
                target: { id: blocklet.did, name: blocklet.name },
                meta: { id: version, content: body.slice(0, 2000) },
              }
            : null,
        actorInfo: { did: actor.did, fullName: actor.fullName.slice(0, 500) },
      },
      tx,
    );
  }
}
