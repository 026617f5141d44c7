import type { Product, ProductCreate, ProductUpdate } from '@payshelf/api';
import { textField, type FieldIssue } from '../forms/issues';

export const PRODUCT_TYPES = ['service', 'good', 'credit'] as const;

/** The product form: every field as typed text; images one address per line. */
export interface ProductFormValues {
  name: string;
  description: string;
  type: (typeof PRODUCT_TYPES)[number];
  unit_label: string;
  statement_descriptor: string;
  images: string;
}

export function productFormValues(product?: Product): ProductFormValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    type: product?.type ?? 'service',
    unit_label: product?.unit_label ?? '',
    statement_descriptor: product?.statement_descriptor ?? '',
    images: (product?.images ?? []).join('\n'),
  };
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** The create body; empty optional fields are left out. */
export function toProductCreate(v: ProductFormValues, _issues: FieldIssue[]): ProductCreate {
  return {
    name: v.name.trim(),
    type: v.type,
    description: textField(v.description),
    unit_label: textField(v.unit_label),
    statement_descriptor: textField(v.statement_descriptor),
    images: lines(v.images),
  };
}

/** The update body: the type stays; emptied optional fields are cleared (null). */
export function toProductUpdate(v: ProductFormValues, _issues: FieldIssue[]): ProductUpdate {
  return {
    name: v.name.trim(),
    description: textField(v.description) ?? null,
    unit_label: textField(v.unit_label) ?? null,
    statement_descriptor: textField(v.statement_descriptor) ?? null,
    images: lines(v.images),
  };
}
