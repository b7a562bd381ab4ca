import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { usesEmbeddedSandbox } from '@/lib/env';

/** What Settings shows: never the client secret, only that one is stored. */
export function getSettings(org: Org) {
  return {
    name: org.name,
    slug: org.slug,
    environment: org.apiBaseUrl === null ? 'embedded' : 'custom',
    baseUrl: org.apiBaseUrl,
    clientId: org.clientId,
    hasClientSecret: true,
    embeddedAvailable: usesEmbeddedSandbox(),
    requireSecondFactor: org.requireSecondFactor,
    updatedAt: org.updatedAt,
  };
}
