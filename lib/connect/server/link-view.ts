import 'server-only';
import type { ConsentLinkView } from '@/lib/connect/links';
import type { ConsentLink } from '@/lib/db/schema';

export function toLinkView(link: ConsentLink, emails: Map<string, string>): ConsentLinkView {
  return {
    id: link.id,
    url: link.url,
    mode: link.vin ? 'vehicle' : 'account',
    scopes: link.scopes,
    makes: link.makes,
    region: link.region,
    locale: link.locale,
    countryCode: link.countryCode,
    vin: link.vin,
    model: link.model,
    modelYear: link.modelYear,
    status: link.status,
    accountId: link.accountId,
    errorCode: link.errorCode,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    completedAt: link.completedAt?.toISOString() ?? null,
    createdBy: link.createdBy ? (emails.get(link.createdBy) ?? null) : null,
    mailedTo: link.mailedTo,
    mailedAt: link.mailedAt?.toISOString() ?? null,
    firstOpenedAt: link.firstOpenedAt?.toISOString() ?? null,
    reconnectsAccountId: link.reconnectsAccountId,
  };
}
