import type { CrudTable } from '@payshelf/api';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { routeCall } from '../api/routeCall';
import { ConfirmButton } from './ConfirmButton';

type AnyCrud = CrudTable<string, z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

/**
 * Archives one object (the table's archive entry, `PUT /{resource}/:id/archive`) after a confirmation;
 * a table whose objects are not archived shows no button.
 */
export function ArchiveButton(props: { table: AnyCrud; id: string; name: string; also?: readonly string[] }) {
  const { t } = useTranslation();
  const archive = props.table.archive;
  if (!archive) return null;
  return (
    <ConfirmButton
      label={t('payment.admin.common.archive')}
      color="warning"
      title={t('payment.admin.common.archiveTitle', { name: props.name })}
      text={t('payment.admin.common.archiveText')}
      done={t('payment.admin.common.archivedDone', { name: props.name })}
      call={routeCall(archive, { id: props.id })}
      resources={[props.table.list.path.slice(1), ...(props.also ?? [])]}
      testId="archive-button"
      confirmTestId="archive-confirm"
    />
  );
}
