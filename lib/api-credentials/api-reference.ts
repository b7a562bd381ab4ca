import type { TryableOperation } from './try-operation';

/** One operation of the console API as the reference page lists it (the full schemas are in /api/openapi.json). */
export type ApiOperationView = {
  method: string;
  path: string;
  section: string;
  permission: string;
  audit: string | null;
  parameters: { name: string; in: string; required: boolean }[];
  hasBody: boolean;
};

type OpenApiLike = { paths: Record<string, Record<string, unknown>> };
type OperationLike = {
  tags?: string[];
  description?: string;
  'x-permission'?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: unknown;
};

/** The document's operations, by section then path, for the reference page. */
export function operationsOf(document: OpenApiLike): ApiOperationView[] {
  const operations: ApiOperationView[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(methods)) {
      const operation = value as OperationLike;
      const audit = /as `([^`]+)`/.exec(operation.description ?? '')?.[1] ?? null;
      operations.push({
        method: method.toUpperCase(),
        path,
        section: operation.tags?.[0] ?? 'organization',
        permission: operation['x-permission'] ?? '',
        audit,
        parameters: (operation.parameters ?? [])
          .filter((p) => !(p.in === 'path' && p.name === 'org'))
          .map((p) => ({ name: p.name, in: p.in, required: Boolean(p.required) })),
        hasBody: operation.requestBody !== undefined,
      });
    }
  }
  return operations.sort((a, b) => a.section.localeCompare(b.section) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** The GET operations an admin may try from the reference page, with the names of their inputs. */
export function tryableOperations(operations: readonly ApiOperationView[]): TryableOperation[] {
  return operations
    .filter((o) => o.method === 'GET')
    .map((o) => ({
      path: o.path,
      pathParams: o.parameters.filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: o.parameters.filter((p) => p.in === 'query').map((p) => p.name),
    }));
}
