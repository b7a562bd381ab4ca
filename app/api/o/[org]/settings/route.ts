import { withOrg } from '@/lib/bff/with-org';
import { usesEmbeddedSandbox } from '@/lib/env';

/** What Settings shows: never the client secret, only that one is stored. */
export const GET = withOrg(
  async ({ org }) => ({
    name: org.name,
    slug: org.slug,
    environment: org.apiBaseUrl === null ? 'embedded' : 'custom',
    baseUrl: org.apiBaseUrl,
    clientId: org.clientId,
    hasClientSecret: true,
    embeddedAvailable: usesEmbeddedSandbox(),
    updatedAt: org.updatedAt,
  }),
  { permission: 'settings.read' },
);
