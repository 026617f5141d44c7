import type { CatalogEntry } from './error-catalog-entry.js';

const missing = <En extends string>(en: En, zh: string) =>
  ({ code: 'resource_missing', type: 'not_found_error', en, zh }) as const;

/** Refusals of meters, meter events and credit grants (payment/meters/, payment/credits/). */
export const USAGE_MESSAGES = {
  meter_missing: missing("No such meter: '{id}'", "计量器不存在：'{id}'"),
  meter_event_customer_missing: missing(
    "The event names no customer of this mode: '{id}'",
    "事件指定的客户在此模式下不存在：'{id}'",
  ),
  meter_event_meter_missing: missing(
    "No meter records events named '{id}'",
    "没有记录名为 '{id}' 的事件的计量器",
  ),
  credit_grant_missing: missing("No such credit grant: '{id}'", "积分授予不存在：'{id}'"),
  meter_event_name_taken: {
    code: 'meter_event_name_taken',
    en: "A meter already records events named '{name}'",
    zh: "已有计量器记录名为 '{name}' 的事件",
  },
  meter_inactive: {
    code: 'meter_inactive',
    en: "The meter of '{name}' is inactive: its events are refused",
    zh: "'{name}' 的计量器已停用，其事件不被接受",
  },
  meter_event_too_old: {
    code: 'meter_event_timestamp_invalid',
    en: 'An event may be at most {days} days old',
    zh: '事件最多可以是 {days} 天前的',
  },
  meter_event_in_future: {
    code: 'meter_event_timestamp_invalid',
    en: 'An event may be at most {minutes} minutes in the future',
    zh: '事件最多可以晚于当前 {minutes} 分钟',
  },
  meter_price_needs_meter: {
    code: 'parameter_invalid',
    en: 'recurring.meter_id must name an active meter of a metered price',
    zh: 'recurring.meter_id 必须是按量计费价格的有效计量器',
  },
  credit_grant_not_voidable: {
    code: 'credit_grant_state_invalid',
    en: 'A {status} credit grant cannot be voided',
    zh: '状态为 {status} 的积分授予不能作废',
  },
} as const satisfies Record<string, CatalogEntry>;
