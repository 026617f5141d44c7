// Who an invoice is billed to: the contact details typed at the checkout that made it (the invoice's
// customer_details), field by field, else the customer record's. The PDF and the CSV export show it.
import type { CustomerDetails } from '@payshelf/api';

export interface BillTo {
  name: string | null;
  email: string | null;
}

export function billTo(
  typed: CustomerDetails | null | undefined,
  record: { name: string | null; email: string | null } | null | undefined,
): BillTo {
  return {
    name: typed?.name ?? record?.name ?? null,
    email: typed?.email ?? record?.email ?? null,
  };
}
