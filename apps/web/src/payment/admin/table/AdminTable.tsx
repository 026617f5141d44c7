import {
  Alert,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from './cursorPages';
import type { Pagination } from './useCursorList';

export interface Column<T> {
  key: string;
  label: string;
  render(row: T): ReactNode;
  align?: 'left' | 'right';
}

interface AdminTableProps<T extends { id: string }> {
  testId: string;
  label: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  loading: boolean;
  error: Error | null;
  empty: string;
  pagination?: Pagination;
}

/**
 * On a phone every cell stays on one line (rows stay compact; the table scrolls sideways in its
 * focusable region); on wider screens text and ids wrap, while dates and amounts never break, so the
 * table fits its page and the Created column is never cut.
 */
function cellSx<T>(c: Column<T>) {
  const whole = c.key === 'created' || c.align === 'right';
  return {
    whiteSpace: { xs: 'nowrap', md: whole ? 'nowrap' : 'normal' },
    overflowWrap: { md: whole ? 'normal' : 'anywhere' },
  } as const;
}

/** A paged, labelled table of merchant objects; each row carries `data-id`. */
export function AdminTable<T extends { id: string }>(props: AdminTableProps<T>) {
  const { t } = useTranslation();
  const { columns, rows, pagination } = props;
  return (
    <>
      {props.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('payment.admin.common.loadFailed', { message: props.error.message })}
        </Alert>
      ) : null}
      {/* Focusable so a keyboard can scroll a table wider than a phone screen, even with no links in it. */}
      <TableContainer
        component={Paper}
        variant="outlined"
        data-testid={props.testId}
        tabIndex={0}
        role="region"
        aria-label={props.label}
      >
        {props.loading ? <LinearProgress aria-label={t('payment.admin.common.loading')} /> : null}
        <Table size="small" aria-label={props.label}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-id={row.id} hover>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align} sx={cellSx(c)}>
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {!props.loading && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length}>{props.empty}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination ? (
        <TablePagination
          component="div"
          count={pagination.count}
          page={pagination.page}
          rowsPerPage={pagination.pageSize}
          rowsPerPageOptions={PAGE_SIZE_OPTIONS}
          labelRowsPerPage={t('payment.admin.common.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            count === -1
              ? t('payment.admin.common.rangeMore', { from, to })
              : t('payment.admin.common.range', { from, to, count })
          }
          onPageChange={(_e, p) => pagination.onPageChange(p)}
          onRowsPerPageChange={(e) => pagination.onPageSizeChange(Number(e.target.value))}
        />
      ) : null}
    </>
  );
}
