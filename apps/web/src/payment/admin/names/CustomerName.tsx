import { Box, Link } from '@mui/material';
import { merchantRoutes } from '@payshelf/api';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { adminKey } from '../api/keys';
import { useAdmin } from '../AdminContext';

/**
 * A link to a customer, shown by name (or email) rather than the raw `cus_…` id, which stays as the
 * link's title; the id shows until the customer has loaded, or when they have neither.
 */
export function CustomerName({ id }: { id: string | null | undefined }) {
  const admin = useAdmin();
  const record = useQuery({
    queryKey: adminKey('customers', admin.livemode, id),
    queryFn: ({ signal }) =>
      admin.call(merchantRoutes.customers.retrieve, { params: { id: id ?? '' } }, signal),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
  if (!id) return <>—</>;
  const label = record.data?.name || record.data?.email;
  return (
    <Link component={RouterLink} to={admin.page(`customers/${id}`)} title={id} data-testid="customer-name">
      {label ? (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {label}
        </Box>
      ) : (
        <code>{id}</code>
      )}
    </Link>
  );
}
