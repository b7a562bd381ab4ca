import 'server-only';
import type { EligibilityCheck } from '@/lib/db/schema';
import type { EligibilityCheckView } from '@/lib/eligibility/checks';

export function toCheckView(check: EligibilityCheck, emails: Map<string, string>): EligibilityCheckView {
  return {
    id: check.id,
    upstreamId: check.upstreamId,
    label: check.label,
    vinCount: check.vinCount,
    status: check.status,
    counts: check.counts,
    createdAt: check.createdAt.toISOString(),
    updatedAt: check.updatedAt.toISOString(),
    createdBy: check.createdBy ? (emails.get(check.createdBy) ?? null) : null,
  };
}
