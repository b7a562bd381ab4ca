import type { ReactNode } from 'react';
import type { OwnerIntl } from '@/lib/connect/owner-messages';
import type { ReturnView } from '@/lib/connect/return-view';

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

const FAILURE_CODES = ['ACCESS_DENIED', 'DEVICE_LIMIT_REACHED', 'UNSUPPORTED_OEM', 'NOT_PERMITTED'] as const;
type FailureCode = (typeof FAILURE_CODES)[number];
const isFailureCode = (code: string | null): code is FailureCode => (FAILURE_CODES as readonly (string | null)[]).includes(code);

/** The title and paragraphs of each outcome, in the owner's language. */
export function outcomeText(view: ReturnView, org: string, { t, dateTime }: OwnerIntl): { title: string; body: ReactNode[] } {
  const kind = view.singleVehicle ? 'vehicle' : 'account';
  const vehicles = t('vehicles', { kind });
  const when = (iso: string | null | undefined) => (iso ? dateTime(new Date(iso)) : null);
  switch (view.outcome) {
    case 'connected': {
      const at = when(view.link?.settledAt);
      return {
        title: t('connected.title', { kind }),
        body: [
          t.rich('connected.canRead', { org, vehicles, strong }),
          t('connected.next', { org, vehicles }),
          at ? t('connected.when', { date: at }) : null,
        ],
      };
    }
    case 'failed':
      return {
        title: t('failed.title'),
        body: [t(`failed.reason.${isFailureCode(view.errorCode) ? view.errorCode : 'other'}`), t.rich('failed.retry', { org, strong })],
      };
    case 'expired':
      return {
        title: t('expired.title'),
        body: [t('expired.body', { date: when(view.link?.expiresAt) ?? '' }), t.rich('expired.retry', { org, strong })],
      };
    case 'unconfirmed':
      return {
        title: t('unconfirmed.title'),
        body: [t('unconfirmed.body'), t.rich('unconfirmed.next', { org, vehicles, kind, strong })],
      };
    default:
      return { title: t('unmatched.title'), body: [t('unmatched.body'), t('unmatched.next')] };
  }
}
