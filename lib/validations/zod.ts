/**
 * The zod of every schema in lib/validations. These schemas are shared with the browser (forms,
 * checks before a request), so they use zod/mini: functional and tree-shakeable, a page ships only
 * the checks it uses, where classic zod ships whole (about 31 kB gzip). Server-only readers
 * (lib/vehicle-api schemas, lib/sandbox, lib/env) keep classic zod.
 *
 * zod/mini registers no locale, so every message without a custom text would read "Invalid
 * input"; English is registered here so the messages stay those of classic zod.
 */
import en from 'zod/v4/locales/en.js';
import * as z from 'zod/mini';

z.config(en());

// Import this module as a namespace (`import * as z from './zod'`): zod/mini's own `z` export is
// one object holding the whole library, locales included, which no bundler can trim.
export * from 'zod/mini';

/*
 * `z.coerce.number` and `z.iso.datetime` as plain functions. Reached through their namespaces
 * from a page's own chunk, zod's coerce and iso modules import zod's core as a namespace across
 * chunks, and Turbopack then ships every schema type of the core to the page.
 */
export const coerceNumber = z.coerce.number;
export const isoDateTime = z.iso.datetime;

/**
 * Classic zod's `ctx.addIssue({ code: 'custom', message })` inside a transform: zod/mini hands a
 * transform the bare parse payload, without `addIssue`. Same issue, same message.
 */
export function addTransformIssue(payload: z.core.ParsePayload, message: string): void {
  payload.issues.push({ code: 'custom', message, input: payload.value });
}
