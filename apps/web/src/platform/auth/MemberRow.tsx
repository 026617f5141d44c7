import Cancel from '@mui/icons-material/Cancel';
import {
  Avatar,
  Box,
  Button,
  Chip,
  MenuItem,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { GrantableRole, Member, PassportRole } from '@payshelf/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleLabel } from './roleLabels';

interface MemberRowProps {
  member: Member;
  /** Passport roles the signed-in user may grant and revoke. */
  manageable: readonly GrantableRole[];
  busy: boolean;
  onGrant: (member: Member, role: GrantableRole) => void;
  onRevoke: (member: Member, passportId: string, role: PassportRole) => void;
}

function isManageable(role: PassportRole, manageable: readonly GrantableRole[]): role is GrantableRole {
  return (manageable as readonly string[]).includes(role);
}

/** One member: who they are, their passports (revocable where allowed) and a grant control. */
export function MemberRow({ member, manageable, busy, onGrant, onRevoke }: MemberRowProps) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const name = member.fullName || member.did;
  const grantable = manageable.filter((r) => !member.passports.some((p) => p.role === r));
  const [role, setRole] = useState<GrantableRole | ''>('');
  const chosen = role !== '' && grantable.includes(role) ? role : '';
  return (
    <TableRow data-testid="member-row" data-did={member.did}>
      <TableCell>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar src={member.avatar || undefined} alt="" sx={{ width: 32, height: 32 }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography noWrap sx={{ fontWeight: 500 }}>
              {name}
            </Typography>
            {member.email ? (
              <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
                {member.email}
              </Typography>
            ) : null}
          </Box>
        </Stack>
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace', maxWidth: 180 }}>
        <Typography variant="body2" noWrap title={member.did} sx={{ fontFamily: 'inherit' }}>
          {member.did}
        </Typography>
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {member.passports.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('auth.members.noPassports')}
            </Typography>
          ) : null}
          {member.passports.map((p) => {
            const label = roleLabel(p.role);
            return (
              <Chip
                key={p.id}
                size="small"
                label={label}
                color={p.role === 'owner' ? 'primary' : 'default'}
                data-testid={`passport-${p.role}`}
                onDelete={
                  isManageable(p.role, manageable) && !busy ? () => onRevoke(member, p.id, p.role) : undefined
                }
                deleteIcon={<Cancel aria-label={t('auth.members.revoke', { role: label, name })} />}
              />
            );
          })}
        </Stack>
      </TableCell>
      <TableCell>
        {grantable.length > 0 ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              value={chosen}
              onChange={(e) => setRole(e.target.value as GrantableRole)}
              slotProps={{ htmlInput: { 'aria-label': t('auth.members.grantRole', { name }) } }}
              sx={{ minWidth: 130 }}
            >
              {grantable.map((r) => (
                <MenuItem key={r} value={r}>
                  {roleLabel(r)}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              size="small"
              disabled={chosen === '' || busy}
              onClick={() => chosen !== '' && onGrant(member, chosen)}
              data-testid="member-grant"
            >
              {t('auth.members.grant')}
            </Button>
          </Stack>
        ) : null}
      </TableCell>
    </TableRow>
  );
}
