import 'server-only';
import { z } from 'zod';
import type { Rng } from './random';

export interface FaultSpec {
  kind: 'server_error' | 'rate_limit' | 'malformed_json' | 'latency' | 'method_not_allowed' | 'not_found';
  times?: number;
  probability?: number;
  latencyMs?: number;
  retryAfterSeconds?: number;
  method?: string;
  pathPrefix?: string;
  /** This path only (a list, not the look-ups under it); instead of `pathPrefix`. */
  path?: string;
  /**
   * Only requests whose query string carries each of these parameters with exactly this value: one
   * reader's request, not another's of the same path (a page's list asked for its page size, not
   * the background gathering's walk of the same list).
   */
  query?: Record<string, string>;
  /**
   * `server_error` and `malformed_json` only: the request is carried out first and its answer is
   * then lost (a gateway's 5xx, a body cut short), as when a command was taken but nobody heard.
   */
  after?: boolean;
}

export const faultSpecSchema = z
  .object({
    kind: z.enum(['server_error', 'rate_limit', 'malformed_json', 'latency', 'method_not_allowed', 'not_found']),
    times: z.number().int().min(1).optional(),
    probability: z.number().min(0).max(1).optional(),
    latencyMs: z.number().int().min(0).max(120_000).optional(),
    retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
    method: z.string().min(1).optional(),
    pathPrefix: z.string().startsWith('/').optional(),
    path: z.string().startsWith('/').optional(),
    query: z.record(z.string().min(1), z.string()).optional(),
    after: z.boolean().optional(),
  })
  .strict()
  .refine((spec) => !(spec.path && spec.pathPrefix), { message: 'Give path or pathPrefix, not both' })
  .refine((spec) => !spec.after || spec.kind === 'server_error' || spec.kind === 'malformed_json', {
    message: 'after applies to server_error and malformed_json only',
  });

interface ActiveFault {
  id: string;
  spec: FaultSpec;
  remaining: number;
}

let injected = 0;

/**
 * An id for one injected fault (API or webhook), unique in this process: a reset does not hand out
 * an id again, so a test that removes its own fault never removes one injected after a reset.
 */
export function newFaultId(): string {
  injected += 1;
  return `flt_${injected}`;
}

const TOKEN_PATHS = '/v1/oauth2/';

/** Faults injected on demand. Only API paths (`/v1/...`) are affected, the token endpoints only when named. */
export class FaultInjector {
  private active: ActiveFault[] = [];

  constructor(private readonly rng: Rng) {}

  /** Adds a fault; answers its id, for `remove`. */
  inject(spec: FaultSpec): string {
    const id = newFaultId();
    this.active.push({ id, spec: faultSpecSchema.parse(spec), remaining: spec.times ?? Infinity });
    return id;
  }

  /**
   * Removes one fault by its id, leaving every other (another test's, running beside) in place;
   * false when it is not active (used up, removed, cleared, or never injected).
   */
  remove(id: string): boolean {
    const before = this.active.length;
    this.active = this.active.filter((f) => f.id !== id);
    return this.active.length < before;
  }

  clear(): void {
    this.active = [];
  }

  /** The faults that fire for this request, in order of injection; each firing uses up one `times`. */
  take(method: string, path: string, query: URLSearchParams = new URLSearchParams()): FaultSpec[] {
    if (!path.startsWith('/v1/')) return [];
    const fired: FaultSpec[] = [];
    for (const fault of this.active) {
      const { spec } = fault;
      if (fault.remaining <= 0) continue;
      if (spec.method && spec.method.toUpperCase() !== method.toUpperCase()) continue;
      if (spec.path !== undefined && spec.path !== path) continue;
      if (spec.query && !Object.entries(spec.query).every(([name, value]) => query.get(name) === value)) continue;
      if (spec.pathPrefix ? !path.startsWith(spec.pathPrefix) : path.startsWith(TOKEN_PATHS)) continue;
      if (spec.pathPrefix && path.startsWith(TOKEN_PATHS) && !spec.pathPrefix.startsWith('/v1/oauth2')) continue;
      if (this.rng() >= (spec.probability ?? 1)) continue;
      fault.remaining -= 1;
      fired.push(spec);
    }
    this.active = this.active.filter((f) => f.remaining > 0);
    return fired;
  }
}
