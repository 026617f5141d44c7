import type { VersionStatus } from '@payshelf/api';
import { describe, expect, it } from 'vitest';
import { needsReview, transition, type ReviewAction, type ReviewActor } from './machine.js';

const ALL: VersionStatus[] = [
  'draft',
  'pending_review',
  'in_review',
  'approved',
  'rejected',
  'cancelled',
  'published',
];

function reachable(action: ReviewAction, actor: ReviewActor): VersionStatus[] {
  return ALL.filter((s) => transition(s, action, actor).ok);
}

describe('review state machine', () => {
  it('walks the happy path draft → pending → in review → approved → published', () => {
    expect(transition('draft', 'request', 'owner')).toEqual({
      ok: true,
      to: 'pending_review',
      changes: true,
    });
    expect(transition('pending_review', 'start', 'admin')).toMatchObject({ ok: true, to: 'in_review' });
    expect(transition('in_review', 'approve', 'admin')).toMatchObject({ ok: true, to: 'approved' });
    expect(transition('approved', 'publish', 'system')).toMatchObject({ ok: true, to: 'published' });
  });

  it('refuses starting a review that was not requested (the reference did not check this)', () => {
    expect(reachable('start', 'admin')).toEqual(['pending_review']);
    expect(transition('draft', 'start', 'admin')).toEqual({ ok: false, reason: 'wrong_status' });
    expect(transition('rejected', 'start', 'admin')).toEqual({ ok: false, reason: 'wrong_status' });
  });

  it('approves and rejects only a version in review', () => {
    expect(reachable('approve', 'admin')).toEqual(['in_review']);
    expect(reachable('reject', 'admin')).toEqual(['in_review']);
  });

  it('makes rejection and cancellation final', () => {
    for (const action of ['request', 'start', 'approve', 'reject', 'cancel', 'publish'] as const) {
      for (const actor of ['owner', 'admin', 'system'] as const) {
        const fromRejected = transition('rejected', action, actor);
        const fromCancelled = transition('cancelled', action, actor);
        expect(fromRejected.ok && fromRejected.changes).toBe(false);
        expect(fromCancelled.ok).toBe(false);
      }
    }
  });

  it('lets the owner cancel while pending, in review or approved, and nothing else', () => {
    expect(reachable('cancel', 'owner')).toEqual(['pending_review', 'in_review', 'approved']);
    expect(transition('in_review', 'cancel', 'admin')).toEqual({ ok: false, reason: 'not_allowed_by_actor' });
  });

  it('keeps each action to its actor', () => {
    expect(transition('draft', 'request', 'admin').ok).toBe(false);
    expect(transition('pending_review', 'start', 'owner').ok).toBe(false);
    expect(transition('in_review', 'approve', 'owner').ok).toBe(false);
    expect(transition('approved', 'publish', 'admin').ok).toBe(false);
  });

  it('adds comments and replies without changing the status, never on a draft', () => {
    expect(transition('in_review', 'comment', 'admin')).toEqual({
      ok: true,
      to: 'in_review',
      changes: false,
    });
    expect(transition('rejected', 'reply', 'owner')).toEqual({ ok: true, to: 'rejected', changes: false });
    expect(transition('draft', 'comment', 'admin').ok).toBe(false);
    expect(transition('draft', 'reply', 'owner').ok).toBe(false);
    expect(transition('in_review', 'reply', 'admin').ok).toBe(false);
  });

  it('publishes an approved version or an unreviewed draft, never a pending or rejected one', () => {
    expect(reachable('publish', 'system')).toEqual(['draft', 'approved']);
  });
});

describe('needsReview', () => {
  it('is off when the store does not review', () => {
    expect(needsReview({ reviewRequired: false, reviewType: 'each', hasPublishedVersion: false })).toBe(
      false,
    );
  });
  it('reviews only the first version with type first', () => {
    expect(needsReview({ reviewRequired: true, reviewType: 'first', hasPublishedVersion: false })).toBe(true);
    expect(needsReview({ reviewRequired: true, reviewType: 'first', hasPublishedVersion: true })).toBe(false);
  });
  it('reviews every version with type each', () => {
    expect(needsReview({ reviewRequired: true, reviewType: 'each', hasPublishedVersion: true })).toBe(true);
  });
});
