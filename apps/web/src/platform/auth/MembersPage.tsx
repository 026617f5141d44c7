import {
  Alert,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import type { GrantableRole, Member, PassportRole } from '@payshelf/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../ui/ErrorPage';
import { HEADER_SESSION_QUERY_KEY, useHeaderSession } from '../session/useHeaderSession';
import { PageSection } from '../ui/PageSection';
import { MemberRow } from './MemberRow';
import { fetchMembers, grantPassport, revokePassport } from './membersApi';
import { useRoleLabel } from './roleLabels';

const FILTER_ROLES = ['owner', 'admin', 'member', 'developer', 'guest'] as const;
type RoleFilter = (typeof FILTER_ROLES)[number] | '';
const PAGE_SIZES = [5, 10, 20, 50, 100];

/** Owners manage admin, member and developer passports; admins member and developer. */
function manageableBy(role: string | undefined): readonly GrantableRole[] {
  if (role === 'owner') return ['admin', 'member', 'developer'];
  if (role === 'admin') return ['member', 'developer'];
  return [];
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

type Notice = { severity: 'success' | 'error'; text: string } | null;

/** `/.well-known/service/admin/members`: who has signed in and their passports (owners and admins). */
export function MembersPage() {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const { user } = useHeaderSession();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleFilter>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const [notice, setNotice] = useState<Notice>(null);
  const q = useDebounced(search.trim(), 300);
  const allowed = user?.role === 'owner' || user?.role === 'admin';

  const query = { page: page + 1, pageSize, ...(role ? { role } : {}), ...(q ? { q } : {}) };
  const members = useQuery({
    queryKey: ['platform', 'members', query],
    queryFn: ({ signal }) => fetchMembers(query, signal),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['platform', 'members'] }),
      queryClient.invalidateQueries({ queryKey: HEADER_SESSION_QUERY_KEY }),
    ]);
  const failed = (err: Error) =>
    setNotice({ severity: 'error', text: t('auth.members.actionFailed', { message: err.message }) });
  const grant = useMutation({
    mutationFn: (v: { member: Member; role: GrantableRole }) => grantPassport(v.member.did, v.role),
    onSuccess: (_p, v) => {
      const name = v.member.fullName || v.member.did;
      setNotice({ severity: 'success', text: t('auth.members.granted', { role: roleLabel(v.role), name }) });
      return refresh();
    },
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: (v: { member: Member; passportId: string; role: PassportRole }) =>
      revokePassport(v.member.did, v.passportId),
    onSuccess: (_r, v) => {
      const name = v.member.fullName || v.member.did;
      setNotice({ severity: 'success', text: t('auth.members.revoked', { role: roleLabel(v.role), name }) });
      return refresh();
    },
    onError: failed,
  });

  if (!allowed) return <ErrorPage code={403} />;
  const busy = grant.isPending || revoke.isPending;
  return (
    <PageSection testId="page-members" title={t('auth.members.title')} subtitle={t('auth.members.subtitle')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3, mb: 2 }}>
        <TextField
          size="small"
          label={t('auth.members.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          sx={{ flex: 1, maxWidth: 420 }}
        />
        <TextField
          select
          size="small"
          label={t('auth.members.roleFilter')}
          value={role}
          onChange={(e) => {
            setRole(e.target.value as RoleFilter);
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('auth.members.allRoles')}</MenuItem>
          {FILTER_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {roleLabel(r)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {notice ? (
        <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ mb: 2 }} role="status">
          {notice.text}
        </Alert>
      ) : null}
      {members.isError ? (
        <Alert severity="error">{t('auth.members.loadFailed', { message: members.error.message })}</Alert>
      ) : null}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('auth.members.table')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('auth.members.columns.member')}</TableCell>
              <TableCell>{t('auth.members.columns.did')}</TableCell>
              <TableCell>{t('auth.members.columns.passports')}</TableCell>
              <TableCell>{t('auth.members.columns.grant')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {members.data?.list.map((m) => (
              <MemberRow
                key={m.did}
                member={m}
                manageable={manageableBy(user?.role)}
                busy={busy}
                onGrant={(member, r) => grant.mutate({ member, role: r })}
                onRevoke={(member, passportId, r) => revoke.mutate({ member, passportId, role: r })}
              />
            ))}
            {members.data && members.data.list.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>{t('auth.members.empty')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={members.data?.count ?? 0}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        labelRowsPerPage={t('auth.members.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('auth.members.range', { from, to, count })}
        onPageChange={(_e, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
      />
    </PageSection>
  );
}
