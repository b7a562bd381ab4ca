import 'server-only';
import { z } from 'zod';
import { APP_ERROR_STATUS } from '@/lib/errors/app-error';
import type { RouteContract } from './route-contract';

/** A route module as Next loads it: its method exports, each a withOrg route carrying its contract. */
export type RouteModule = { path: string; module: Record<string, unknown> };

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type JsonSchema = Record<string, unknown>;

export function contractOf(handler: unknown): RouteContract | undefined {
  if (typeof handler !== 'function') return undefined;
  return (handler as { apiContract?: RouteContract }).apiContract;
}

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of what a client sends: the input side of transforms. */
function jsonSchemaOf(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.core.$ZodType | undefined, where: 'path' | 'query' | 'header', skip: string[] = []) {
  if (!schema) return [];
  const json = jsonSchemaOf(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties)
    .filter(([name]) => !skip.includes(name))
    .map(([name, property]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: property }));
}

/** `/api/o/[org]/vehicles/[vehicleId]` → `/api/o/{org}/vehicles/{vehicleId}`. */
export function openApiPath(path: string): string {
  return path.replace(/\[(?:\.\.\.)?(\w+)\]/g, '{$1}');
}

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/o\/\[org\]\/?/, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((word) => word.replace(/^\[(\w+)\]$/, 'by-$1'))
    .flatMap((word) => word.split('-'));
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' };

function operationOf(method: string, path: string, contract: RouteContract) {
  const pathNames = [...path.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => m[1]!);
  const fromSchema = parametersOf(contract.params, 'path');
  const pathParameters = pathNames.map(
    (name) => fromSchema.find((p) => p.name === name) ?? { name, in: 'path', required: true, schema: { type: 'string' } },
  );
  const section = path.split('/')[4] ?? 'organization';
  return {
    operationId: operationId(method, path),
    tags: [section],
    summary: `${method} ${openApiPath(path).replace('/api/o/{org}', '')}`,
    description:
      `Requires the \`${contract.permission}\` permission (a person's role, or an API credential's scope).` +
      (contract.audit ? ` Recorded in the audit log as \`${contract.audit}\`.` : ''),
    'x-permission': contract.permission,
    parameters: [...pathParameters, ...parametersOf(contract.query, 'query'), ...parametersOf(contract.headers, 'header')],
    ...(contract.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(contract.body) } } } } : {}),
    responses: {
      '200': { description: 'Success: the route’s JSON answer.', content: { 'application/json': { schema: { type: 'object' } } } },
      '400': ERROR_RESPONSE,
      '401': ERROR_RESPONSE,
      '403': ERROR_RESPONSE,
      '404': ERROR_RESPONSE,
      '429': ERROR_RESPONSE,
      default: ERROR_RESPONSE,
    },
  };
}

const ERROR_CODES = Object.entries(APP_ERROR_STATUS)
  .map(([code, status]) => `\`${code}\` (${status})`)
  .join(', ');

/**
 * The OpenAPI 3.1 document of the console API, built from the very schemas withOrg validates
 * with: a route's params, query, headers and body cannot drift from what it documents.
 */
export function buildOpenApiDocument(routes: readonly RouteModule[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { path, module } of routes) {
    for (const method of METHODS) {
      const contract = contractOf(module[method]);
      if (!contract) continue;
      (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = operationOf(method, path, contract);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Motorpool console API',
      version: '1',
      description:
        'The routes the console itself uses, offered to programs. Authenticate with an API credential created by an admin in ' +
        'Settings → API credentials: `Authorization: Bearer mp_…`. Send commands with an `Idempotency-Key` header: a repeat ' +
        'with the same key answers the same execution. Each credential has a token bucket: past it, 429 with `Retry-After`; ' +
        'every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`.',
    },
    servers: [{ url: serverUrl }],
    security: [{ apiCredential: [] }, { session: [] }],
    paths,
    components: {
      securitySchemes: {
        apiCredential: { type: 'http', scheme: 'bearer', description: 'A console API credential (`mp_…`), scoped by its admin.' },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'next-auth.session-token',
          description: 'A person’s console session; mutations must also come from the console’s origin.',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', description: `A stable machine code: ${ERROR_CODES}, or the Vehicle API's own code.` },
                message: { type: 'string' },
                requestId: { type: 'string', description: 'The Vehicle API request this error came from, when it came from one.' },
                fields: {
                  type: 'object',
                  additionalProperties: { type: 'array', items: { type: 'string' } },
                  description: 'For VALIDATION_FAILED: the messages by field path.',
                },
                retryAfterSeconds: { type: 'integer' },
                retryable: { type: 'boolean' },
              },
            },
          },
        },
      },
      responses: {
        Error: {
          description: 'An error, with its stable code; the `x-request-id` header names the request in the console’s logs.',
          headers: { 'x-request-id': { schema: { type: 'string' } } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}
