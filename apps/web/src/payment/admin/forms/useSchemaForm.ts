import type { BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiFailure } from '../api/client';
import type { FieldIssue } from './issues';
import { schemaResolver, type ToPayload } from './schemaResolver';
import { fieldForParam, fieldPaths } from './serverErrors';

export interface SchemaForm<V extends FieldValues, S extends z.ZodType> {
  form: UseFormReturn<V, unknown, z.output<S>>;
  /** Shows a failed request: on the field its `param` names, else above the form. */
  showFailure(error: Error): void;
  /** A submit handler: validates, sends the payload with `request`, then `done`, or shows the failure. */
  submitWith<R>(
    request: (body: z.output<S>) => Promise<R>,
    done: (result: R) => void,
  ): (event?: BaseSyntheticEvent) => Promise<void>;
}

function isPath<V extends FieldValues>(
  fields: readonly string[],
  name: string | undefined,
): name is FieldPath<V> {
  return name !== undefined && fields.includes(name);
}

/** A react-hook-form form validated by the server's zod schema (see schemaResolver). */
export function useSchemaForm<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  toPayload: ToPayload<V>,
  defaultValues: DefaultValues<V>,
): SchemaForm<V, S> {
  const { t } = useTranslation();
  const describe = (issue: FieldIssue) => t(`payment.admin.validation.${issue.key}`, issue.values ?? {});
  const form = useForm<V, unknown, z.output<S>>({
    defaultValues,
    resolver: schemaResolver<V, S>(schema, toPayload, describe),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const showFailure = (error: Error) => {
    const param = error instanceof ApiFailure ? error.param : undefined;
    const fields = fieldPaths(form.getValues());
    const name = fieldForParam(param, fields);
    if (isPath<V>(fields, name)) {
      form.setError(name, { type: 'server', message: error.message }, { shouldFocus: true });
    } else {
      form.setError('root.server', { type: 'server', message: error.message });
    }
  };
  const submitWith = <R>(request: (body: z.output<S>) => Promise<R>, done: (result: R) => void) =>
    form.handleSubmit((body) => request(body).then(done, showFailure));
  return { form, showFailure, submitWith };
}
