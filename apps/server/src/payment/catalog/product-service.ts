import type { ProductCreate, ProductUpdate } from '@payshelf/api';
import { ApiError } from '../../core/http/errors.js';
import type { DbLike as Db } from '../shared/db.js';
import { definedOnly } from '../shared/expand.js';
import { newId } from '../shared/ids.js';
import { getPrice, getProduct, insertProduct, updateProduct, type ProductRow } from './repo.js';

export async function requireProduct(
  db: Db,
  id: string,
  livemode: boolean,
  param?: string,
): Promise<ProductRow> {
  const row = await getProduct(db, id, livemode);
  if (!row) {
    throw ApiError.missing('product_missing', id, param);
  }
  return row;
}

async function checkCrossSell(db: Db, priceId: string | undefined, livemode: boolean): Promise<void> {
  if (!priceId) return;
  const price = await getPrice(db, priceId, livemode);
  if (!price) {
    throw ApiError.missing('price_missing', priceId, 'cross_sell.cross_sells_to_id');
  }
}

export async function createProduct(db: Db, livemode: boolean, input: ProductCreate): Promise<ProductRow> {
  await checkCrossSell(db, input.cross_sell?.cross_sells_to_id, livemode);
  return insertProduct(db, {
    id: newId('prod'),
    livemode,
    name: input.name,
    description: input.description ?? null,
    images: input.images ?? [],
    type: input.type,
    unitLabel: input.unit_label ?? null,
    statementDescriptor: input.statement_descriptor ?? null,
    features: input.features ?? [],
    crossSellsToId: input.cross_sell?.cross_sells_to_id ?? null,
    metadata: input.metadata ?? {},
    active: input.active ?? true,
  });
}

export async function changeProduct(
  db: Db,
  id: string,
  livemode: boolean,
  input: ProductUpdate,
): Promise<ProductRow> {
  await requireProduct(db, id, livemode);
  await checkCrossSell(db, input.cross_sell?.cross_sells_to_id, livemode);
  const row = await updateProduct(
    db,
    id,
    livemode,
    definedOnly({
      name: input.name,
      description: input.description,
      images: input.images,
      unitLabel: input.unit_label,
      statementDescriptor: input.statement_descriptor,
      features: input.features,
      crossSellsToId:
        input.cross_sell === undefined ? undefined : (input.cross_sell?.cross_sells_to_id ?? null),
      metadata: input.metadata,
      active: input.active,
    }),
  );
  if (!row) throw ApiError.of('resource_missing', {});
  return row;
}
