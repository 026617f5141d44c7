import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmButton } from './ConfirmButton';

const anyObject = z.object({ id: z.string() });

/** Archives one object (`PUT /{resource}/{id}/archive`) after a confirmation. */
export function ArchiveButton(props: {
  resource: string;
  id: string;
  name: string;
  also?: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <ConfirmButton
      label={t('payment.admin.common.archive')}
      color="warning"
      title={t('payment.admin.common.archiveTitle', { name: props.name })}
      text={t('payment.admin.common.archiveText')}
      done={t('payment.admin.common.archivedDone', { name: props.name })}
      call={{ method: 'PUT', path: `/${props.resource}/${encodeURIComponent(props.id)}/archive` }}
      schema={anyObject}
      resources={[props.resource, ...(props.also ?? [])]}
      testId="archive-button"
      confirmTestId="archive-confirm"
    />
  );
}
