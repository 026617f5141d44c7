import { and, inArray, isNull } from 'drizzle-orm';
import { passports } from '../../db/schema/index.js';
import { notify } from '../../platform/notifications/index.js';
import type { StoreContext, Tx } from '../context.js';
import type { StoreBlockletRow } from '../repo.js';
import type { ReviewAction } from './machine.js';

/**
 * Notification titles in both languages: a notification is stored once for its receiver, whose
 * language the server does not know, so the title carries the English and the Chinese text.
 */
const TITLES: Record<ReviewAction, { en: string; zh: string }> = {
  request: { en: 'Review requested', zh: '已申请审核' },
  start: { en: 'Review started', zh: '审核已开始' },
  approve: { en: 'Version approved and published', zh: '版本已通过审核并发布' },
  reject: { en: 'Version rejected', zh: '版本未通过审核' },
  cancel: { en: 'Review cancelled', zh: '审核已取消' },
  comment: { en: 'New review comment', zh: '新的审核评论' },
  reply: { en: 'Developer replied', zh: '开发者已回复' },
  publish: { en: 'Version published', zh: '版本已发布' },
};

/** `Review started / 审核已开始: My app 1.0.0` (at most 300 characters, the notification limit). */
export function reviewTitle(action: ReviewAction, app: string, version: string): string {
  const { en, zh } = TITLES[action];
  return `${en} / ${zh}: ${app} ${version}`.slice(0, 300);
}

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
        title: reviewTitle(action, blocklet.title || blocklet.name, version),
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
