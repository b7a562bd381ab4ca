import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it, vi } from 'vitest';
import { buildOpenApiDocument, contractOf, openApiPath } from '@/lib/bff/openapi';
import { APP_ERROR_STATUS } from '@/lib/errors/app-error';

vi.setConfig({ testTimeout: 120_000 });

// Every route module, as the document's route imports them: loading them all takes a while.
const { ORG_ROUTES } = await import('./org-routes');

function routeFilesOnDisk(dir = path.join(process.cwd(), 'app', 'api', 'o')): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFilesOnDisk(full);
    return entry === 'route.ts' ? [`/${path.relative(path.join(process.cwd(), 'app'), dir).split(path.sep).join('/')}`] : [];
  });
}

describe('the console API’s OpenAPI document', () => {
  const document = buildOpenApiDocument(ORG_ROUTES, '/');

  it('lists every route under /api/o (run `npm run openapi:routes` after adding one)', () => {
    expect(ORG_ROUTES.map((r) => r.path).sort()).toEqual(routeFilesOnDisk().sort());
  });

  it('has an operation for every method every /api/o/{org} route exports, each with its permission', () => {
    const missing: string[] = [];
    for (const { path: route, module } of ORG_ROUTES) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        if (typeof module[method] !== 'function') continue;
        const operation = document.paths[openApiPath(route)]?.[method.toLowerCase()] as { 'x-permission'?: string } | undefined;
        if (!contractOf(module[method]) || !operation?.['x-permission']) missing.push(`${method} ${route}`);
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(document.paths).length).toBeGreaterThanOrEqual(70);
  });

  it('documents a command’s body, its Idempotency-Key header and the vehicle id from the route’s own schemas', () => {
    const send = document.paths['/api/o/{org}/vehicles/{vehicleId}/commands']?.post as {
      parameters: { name: string; in: string; schema: { pattern?: string } }[];
      requestBody: { content: { 'application/json': { schema: { oneOf?: unknown[]; anyOf?: unknown[] } } } };
    };
    expect(send.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:org', 'path:vehicleId', 'header:idempotency-key']);
    expect(send.parameters[2]!.schema.pattern).toBe('^[A-Za-z0-9_.:-]{8,128}$');
    const body = send.requestBody.content['application/json'].schema;
    expect((body.oneOf ?? body.anyOf ?? []).length).toBeGreaterThan(3);
  });

  it('documents every code of the code-to-status map with its status and meaning, in the error schema every operation refers to', () => {
    const schemas = document.components.schemas as Record<string, Record<string, unknown>>;
    const codes = schemas.ErrorCode as {
      enum: string[];
      description: string;
      'x-enum-descriptions': Record<string, string>;
      'x-status': Record<string, number>;
    };
    const undocumented = Object.entries(APP_ERROR_STATUS).filter(
      ([code, status]) =>
        !codes.enum.includes(code) ||
        codes['x-status'][code] !== status ||
        !(codes['x-enum-descriptions'][code]?.length > `${status}: `.length) ||
        !codes.description.includes(`| \`${code}\` | ${status} |`),
    );
    expect(undocumented).toEqual([]);
    expect(JSON.stringify(schemas.Error)).toContain('#/components/schemas/ErrorCode');
    const withoutErrors: string[] = [];
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const responses = (operation as { responses: Record<string, { $ref?: string }> }).responses;
        for (const status of ['400', '401', '403', '404', '429', 'default']) {
          if (responses[status]?.$ref !== '#/components/responses/Error') withoutErrors.push(`${method} ${route} ${status}`);
        }
      }
    }
    expect(withoutErrors).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
