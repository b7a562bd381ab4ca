import 'server-only';
import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Millisecond precision everywhere: JavaScript dates carry milliseconds, so a keyset cursor
 * built from a read row compares exactly with the stored value.
 */
export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** A check constraint's `column in (...)` from the values of a text enum. */
export const inList = (column: string, values: readonly string[]) => `${column} in (${values.map((v) => `'${v}'`).join(', ')})`;
