import 'server-only';
import { lookup } from 'node:dns/promises';
import { allowedUpstreamHosts, env } from '@/lib/env';
import { checkBaseUrl, classifyAddress, isForbiddenAddress, type BaseUrlVerdict, type HostPolicy } from '@/lib/vehicle-api/allowed-hosts';

/** This server's policy: the operator's host list; loopback and plain http only outside production. */
export function upstreamHostPolicy(): HostPolicy {
  const e = env();
  return {
    allowedHosts: allowedUpstreamHosts(),
    allowLoopback: e.NODE_ENV !== 'production',
    operatorBaseUrl: e.VEHICLE_API_BASE_URL,
  };
}

export function checkUpstreamBaseUrl(raw: string, policy = upstreamHostPolicy()): BaseUrlVerdict {
  return checkBaseUrl(raw, policy);
}

export type Resolve = (host: string, options: { all: true; verbatim: true }) => Promise<{ address: string }[]>;

/**
 * Resolves the host as a connection would and refuses when any address it answers is not
 * public. Answers the problem in words for the `baseUrl` field, or undefined when all is well.
 * (The connection checks again at connect time: DNS may answer differently then.)
 */
export async function resolvedAddressProblem(
  hostname: string,
  allowLoopback: boolean,
  resolve: Resolve = lookup,
): Promise<string | undefined> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (classifyAddress(host) !== 'invalid')
    return isForbiddenAddress(host, allowLoopback) ? 'The base URL must not point at a private, loopback or link-local address' : undefined;
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host, { all: true, verbatim: true });
  } catch {
    return `The host ${host} could not be resolved`;
  }
  if (addresses.length === 0) return `The host ${host} could not be resolved`;
  const forbidden = addresses.find((a) => isForbiddenAddress(a.address, allowLoopback));
  // Not the address itself: it would answer questions about our network's DNS to whoever types a name.
  return forbidden ? `The host ${host} resolves to a private, loopback or link-local address` : undefined;
}
