import 'server-only';
import type { Caller } from './auth';
import type { Core } from './core';
import { Router } from './http';

export interface Ctx {
  core: Core;
  request: Request;
  url: URL;
  /** Path relative to the base path, decoded. */
  path: string;
  caller(): Caller;
}

export function createRouter(): Router<Ctx> {
  return new Router<Ctx>();
}

/** Path parameter pattern: one segment, no colon (the colon starts a custom method like `:connect`). */
export const ID = '([^/:]+)';
