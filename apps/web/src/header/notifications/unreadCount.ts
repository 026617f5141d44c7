/** SPEC.md section 4, Notification: how live events change the unread count. */
export type UnreadAction =
  | { type: 'loaded'; count: number }
  | { type: 'created'; receiver: string | undefined; currentUser: string }
  | { type: 'read'; receiver: string | undefined; readCount: number; currentUser: string }
  | { type: 'reset' };

export function unreadReducer(count: number, action: UnreadAction): number {
  switch (action.type) {
    case 'loaded':
      return Math.max(0, Math.floor(action.count));
    case 'created':
      return action.receiver === undefined || action.receiver === action.currentUser ? count + 1 : count;
    case 'read':
      if (action.receiver !== undefined && action.receiver !== action.currentUser) return count;
      return Math.max(0, count - Math.max(0, Math.floor(action.readCount)));
    case 'reset':
      return 0;
  }
}

/** The bell links to the centre with `read=true` when nothing is unread, `read=false` otherwise. */
export function bellHref(base: string, unread: number): string {
  return `${base}?read=${unread <= 0 ? 'true' : 'false'}`;
}
