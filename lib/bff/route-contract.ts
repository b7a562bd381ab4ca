import 'server-only';
import type { z } from 'zod';
import type { Permission } from '@/lib/auth/permissions';

type Schema = z.core.$ZodType;

/** What a withOrg route accepts, as its options say: read by the OpenAPI document (lib/bff/openapi.ts). */
export type RouteContract = {
  permission: Permission;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  headers?: Schema;
  /** The audit action a successful call records. */
  audit?: string;
};

export function routeContractOf(options: {
  permission: Permission;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  headers?: Schema;
  audit?: { action: string };
}): { apiContract: RouteContract } {
  const { permission, params, query, body, headers, audit } = options;
  return { apiContract: { permission, params, query, body, headers, audit: audit?.action } };
}
