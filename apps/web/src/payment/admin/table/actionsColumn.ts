import type { ReactNode } from 'react';
import type { Column } from './AdminTable';

/** A table's last column: each row's actions, right-aligned. */
export function actionsColumn<T>(label: string, render: (row: T) => ReactNode): Column<T> {
  return { key: 'actions', label, align: 'right', render };
}
