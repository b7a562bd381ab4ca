import { buildOpenApiDocument } from '@/lib/bff/openapi';
import { withSession } from '@/lib/bff/with-session';
import { ORG_ROUTES } from './org-routes';

let built: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The console API's OpenAPI 3.1 document, public as any API reference: it holds schemas, never data. */
export const GET = withSession(
  async () => {
    built ??= buildOpenApiDocument(ORG_ROUTES, '/');
    return built;
  },
  { session: 'optional' },
);
