import 'server-only';
import { z } from 'zod';
import { documentedErrorCodes } from '@/lib/errors/error-codes';
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

/**
 * The console's own codes, each with its status and meaning: an enum for a program's switch, a
 * `oneOf` of `const`s that renderers show with their descriptions, and a Markdown table for people.
 */
function errorCodeSchema() {
  const codes = documentedErrorCodes();
  return {
    type: 'string',
    enum: codes.map((c) => c.code),
    'x-enum-descriptions': Object.fromEntries(codes.map((c) => [c.code, `${c.status}: ${c.meaning}`])),
    'x-status': Object.fromEntries(codes.map((c) => [c.code, c.status])),
    description: [
      'A stable machine code of the console, with the HTTP status it answers with:',
      '',
      '| Code | Status | Meaning |',
      '| --- | --- | --- |',
      ...codes.map((c) => `| \`${c.code}\` | ${c.status} | ${c.meaning.replaceAll('|', '\\|')} |`),
    ].join('\n'),
  };
}

function errorSchema() {
  return {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message', 'requestId'],
        properties: {
          code: {
            anyOf: [
              { $ref: '#/components/schemas/ErrorCode' },
              { type: 'string', description: "The Vehicle API's own code, passed through with its status." },
            ],
          },
          message: { type: 'string', description: 'What went wrong, in words for a person.' },
          requestId: { type: 'string', description: 'This request’s id, as in the `x-request-id` header and the console’s logs.' },
          upstreamRequestId: { type: 'string', description: 'The Vehicle API request the error came from, when it came from one.' },
          fields: {
            type: 'array',
            description: 'For `VALIDATION_FAILED`: every invalid field.',
            items: {
              type: 'object',
              required: ['path', 'message'],
              properties: {
                path: {
                  type: 'string',
                  description: "The field's path, as `selection.vehicleIds[0]`; empty for the whole input.",
                  examples: ['name'],
                },
                message: { type: 'string' },
                in: { type: 'string', enum: ['body', 'query', 'params', 'headers'] },
              },
            },
          },
          retryAfterSeconds: { type: 'integer', description: 'How long to wait before a retry (also the `Retry-After` header).' },
          retryable: { type: 'boolean', description: 'The same request may be repeated once the wait is over.' },
          details: { description: 'More about some codes (as `runningExecutionId` for COMMAND_ALREADY_IN_PROGRESS).' },
        },
      },
    },
  };
}

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
        Error: errorSchema(),
        ErrorCode: errorCodeSchema(),
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
