import type { ReviewType, VersionStatus } from '@payshelf/api';

/** Who acts on a version: its application's owner, a store admin (owner or admin role), or the store itself. */
export type ReviewActor = 'owner' | 'admin' | 'system';

export type ReviewAction =
  'request' | 'start' | 'reply' | 'approve' | 'reject' | 'comment' | 'cancel' | 'publish';

interface Rule {
  by: ReviewActor;
  from: readonly VersionStatus[];
  /** The status after the action; absent for actions that only add to the thread. */
  to?: VersionStatus;
}

/**
 * The review state machine. The owner requests review of a draft and may cancel it (irreversibly) while
 * it is pending, in review or approved; an admin starts the review of a pending version and then approves
 * or rejects it (rejection is final: the developer uploads a higher version). Reviewer comments and owner
 * replies go to the thread of a version under review or decided. The store publishes an approved version,
 * or a draft that needs no review.
 */
const RULES: Record<ReviewAction, Rule> = {
  request: { by: 'owner', from: ['draft'], to: 'pending_review' },
  start: { by: 'admin', from: ['pending_review'], to: 'in_review' },
  approve: { by: 'admin', from: ['in_review'], to: 'approved' },
  reject: { by: 'admin', from: ['in_review'], to: 'rejected' },
  cancel: { by: 'owner', from: ['pending_review', 'in_review', 'approved'], to: 'cancelled' },
  comment: { by: 'admin', from: ['pending_review', 'in_review', 'approved', 'rejected'] },
  reply: { by: 'owner', from: ['pending_review', 'in_review', 'approved', 'rejected'] },
  publish: { by: 'system', from: ['draft', 'approved'], to: 'published' },
};

export type Transition =
  | { ok: true; to: VersionStatus; changes: boolean }
  | { ok: false; reason: 'not_allowed_by_actor' | 'wrong_status' };

/** Whether `actor` may do `action` on a version in `from`, and the status it leads to. */
export function transition(from: VersionStatus, action: ReviewAction, actor: ReviewActor): Transition {
  const rule = RULES[action];
  if (rule.by !== actor) return { ok: false, reason: 'not_allowed_by_actor' };
  if (!rule.from.includes(from)) return { ok: false, reason: 'wrong_status' };
  return rule.to ? { ok: true, to: rule.to, changes: true } : { ok: true, to: from, changes: false };
}

/** The statuses from which `action` is allowed (for error messages). */
export function allowedFrom(action: ReviewAction): readonly VersionStatus[] {
  return RULES[action].from;
}

/**
 * Whether a new upload must be reviewed before it is published: never when the store's review setting
 * is off; with review type `first`, only until the application has a published version; with `each`,
 * always.
 */
export function needsReview(input: {
  reviewRequired: boolean;
  reviewType: ReviewType;
  hasPublishedVersion: boolean;
}): boolean {
  if (!input.reviewRequired) return false;
  if (input.reviewType === 'first' && input.hasPublishedVersion) return false;
  return true;
}

/** Statuses during which the application has a review in progress: no new upload is taken then. */
export const REVIEW_LOCKED: readonly VersionStatus[] = ['pending_review', 'in_review', 'approved'];
