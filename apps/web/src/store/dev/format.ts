/** A timestamp as a short local date and time in the page's language. */
export function formatWhen(iso: string | null, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** A byte count as B, KB or MB (binary units, one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The SPEC section 5 name rule's problem with `name` as an i18n key, or null when it is valid. */
export type NameProblem =
  | 'store.dev.blocklets.nameRequired'
  | 'store.dev.blocklets.nameTooShort'
  | 'store.dev.blocklets.nameTooLong'
  | 'store.dev.blocklets.nameChars';

export function nameProblem(name: string): NameProblem | null {
  if (name.length === 0) return 'store.dev.blocklets.nameRequired';
  if (name.length < 2) return 'store.dev.blocklets.nameTooShort';
  if (name.length > 64) return 'store.dev.blocklets.nameTooLong';
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return 'store.dev.blocklets.nameChars';
  return null;
}

/** Versions whose review thread takes comments (pending, in review, approved, rejected), newest first. */
export function commentableVersions(
  versions: ReadonlyArray<{ version: string; status: string; created_at: string }>,
): string[] {
  const open = ['pending_review', 'in_review', 'approved', 'rejected'];
  return [...versions]
    .filter((v) => open.includes(v.status))
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map((v) => v.version);
}
