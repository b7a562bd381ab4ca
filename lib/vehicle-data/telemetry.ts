import { humanize } from '@/lib/format/figures';

/**
 * What the key cards of the telemetry view show, as (block, field) pairs; every other signal of
 * the payload is listed generically by `otherSignals`, including ones the contract does not name.
 */
const SHOWN_IN_CARDS: Record<string, true | readonly string[]> = {
  id: true,
  stateOfCharge: true,
  maxStateOfCharge: true,
  range: true,
  realRange: true,
  odometer: true,
  chargePowerLevel: true,
  chargeRemainingTime: true,
  location: true,
  tirePressure: true,
  chargingState: ['chargingState', 'chargePortDoorOpen'],
  security: ['locked'],
};

export type Signal = { key: string; label: string; value: string | number | boolean | null; unit: string | null; timestamp: string | null };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isMeasurement = (value: Json) =>
  'value' in value && Object.keys(value).every((k) => k === 'value' || k === 'unit' || k === 'timestamp');

function primitive(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** Every signal the key cards do not show, one row per value, in payload order. */
export function otherSignals(telemetry: Json): Signal[] {
  const signals: Signal[] = [];
  for (const [block, content] of Object.entries(telemetry)) {
    const shown = SHOWN_IN_CARDS[block];
    if (shown === true) continue;
    if (!isObject(content)) {
      signals.push({ key: block, label: humanize(block), value: primitive(content), unit: null, timestamp: null });
      continue;
    }
    if (isMeasurement(content)) {
      signals.push({
        key: block,
        label: humanize(block),
        value: primitive(content.value),
        unit: typeof content.unit === 'string' ? content.unit : null,
        timestamp: typeof content.timestamp === 'string' ? content.timestamp : null,
      });
      continue;
    }
    const timestamp = typeof content.timestamp === 'string' ? content.timestamp : null;
    for (const [field, value] of Object.entries(content)) {
      if (field === 'timestamp' || (Array.isArray(shown) && shown.includes(field))) continue;
      signals.push({
        key: `${block}.${field}`,
        label: `${humanize(block)}: ${humanize(field).toLowerCase()}`,
        value: primitive(value),
        unit: null,
        timestamp,
      });
    }
  }
  return signals;
}
