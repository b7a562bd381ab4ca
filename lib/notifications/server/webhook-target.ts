import 'server-only';
import { lookup as dnsLookup } from 'node:dns';
import { env } from '@/lib/env';
import { classifyAddress, hostKey, isForbiddenAddress, isLoopbackHost } from '@/lib/vehicle-api/allowed-hosts';
import { guardedLookup } from '@/lib/vehicle-api/guarded-upstream-fetch';
import { resolvedAddressProblem, type Resolve } from '@/lib/vehicle-api/upstream-host-policy';

/**
 * Where an outbound webhook may go: the same guard as an organization's upstream base URL
 * (lib/vehicle-api/allowed-hosts.ts), for a customer's own systems. Any https host whose every
 * address is public; a private, loopback or link-local one (in any spelling: the URL parser turns
 * decimal and hex IPv4 into dotted form, and IPv4-mapped IPv6 is judged by the IPv4 inside) only
 * when the operator lists the host in WEBHOOK_ALLOWED_HOSTS, which may also use plain http. Checked
 * when an endpoint is saved and again at each delivery's connect (a name may resolve elsewhere then).
 */
export type TargetPolicy = { allowedHosts: readonly string[] };

export const webhookTargetPolicy = (): TargetPolicy => ({ allowedHosts: env().WEBHOOK_ALLOWED_HOSTS ?? [] });

export type TargetVerdict = { ok: true; url: URL; allowedByOperator: boolean } | { ok: false; message: string };

const PRIVATE_MESSAGE = 'The URL must not point at a private, loopback or link-local address';

/** The checks that need no network: scheme, credentials, and addresses written into the URL. */
export function checkWebhookUrl(raw: string, policy: TargetPolicy = webhookTargetPolicy()): TargetVerdict {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: 'Enter an https:// URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: 'Enter an https:// URL' };
  if (url.username || url.password) return { ok: false, message: 'The URL must not carry a user name or password' };
  const host = hostKey(url);
  const allowedByOperator = policy.allowedHosts.includes(host);
  if (allowedByOperator) return { ok: true, url, allowedByOperator };
  if (url.protocol !== 'https:') return { ok: false, message: 'The URL must use https' };
  const literal = host.replace(/^\[|\]$/g, '');
  if (isLoopbackHost(host) || (classifyAddress(literal) !== 'invalid' && isForbiddenAddress(literal, false))) {
    return { ok: false, message: PRIVATE_MESSAGE };
  }
  return { ok: true, url, allowedByOperator };
}

/**
 * The save-time check: the URL's own checks, then the host resolved as a connection would; any
 * answer that is not public refuses it. The message is for the `url` field; undefined when all is well.
 */
export async function webhookTargetProblem(
  raw: string,
  policy: TargetPolicy = webhookTargetPolicy(),
  resolve?: Resolve,
): Promise<string | undefined> {
  const verdict = checkWebhookUrl(raw, policy);
  if (!verdict.ok) return verdict.message;
  if (verdict.allowedByOperator) return undefined;
  return resolvedAddressProblem(verdict.url.hostname, false, resolve);
}

/** The socket's lookup for a delivery: an operator-allowed host resolves as usual, any other only to public addresses. */
export function deliveryLookup(verdict: { allowedByOperator: boolean }, resolve: typeof dnsLookup = dnsLookup) {
  return verdict.allowedByOperator ? undefined : guardedLookup(false, resolve);
}
