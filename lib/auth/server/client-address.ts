import 'server-only';
import { isIP } from 'node:net';

/**
 * The header the server stamps on every request with the TCP peer's address (see
 * lib/auth/server/stamp-peer-address.ts); a value sent by a client is overwritten.
 */
export const PEER_ADDRESS_HEADER = 'x-motorpool-peer-address';
/** The bucket of requests whose address is unknown (no peer address and no trusted hop). */
export const DIRECT_BUCKET = 'direct';

type HeaderSource = Headers | { get(name: string): string | null } | Record<string, unknown> | undefined;

function read(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers || typeof headers.get === 'function')
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const value = (headers as Record<string, unknown>)[name];
  return Array.isArray(value) ? value.map(String).join(', ') : typeof value === 'string' ? value : undefined;
}

/** `::ffff:10.0.0.1` → `10.0.0.1`, `[::1]:80` → `::1`, `10.0.0.1:5000` → `10.0.0.1`; lower case, at most 64 characters. */
export function normalizeAddress(raw: string): string {
  let value = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(value);
  if (mapped) value = mapped[1];
  return isIP(value) ? value : value.slice(0, 64);
}

/**
 * The client's address as far as it can be trusted. `hops` is the number of proxies in front
 * of the server (TRUST_PROXY_HOPS). With 0, only the TCP peer counts and X-Forwarded-For is
 * ignored (anyone can send it). With N, the Nth entry from the right of X-Forwarded-For: each
 * trusted proxy appends the address it saw, so entries further left are the client's own
 * claims. A shorter chain means the request passed fewer proxies; its leftmost entry was then
 * still written by a trusted one. Without any of these, the fixed DIRECT_BUCKET.
 */
export function clientAddressFromHeaders(headers: HeaderSource, hops: number): string {
  const peer = read(headers, PEER_ADDRESS_HEADER);
  if (hops > 0) {
    const chain = (read(headers, 'x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = chain.length >= hops ? chain[chain.length - hops] : chain[0];
    if (entry) return normalizeAddress(entry);
  }
  return peer ? normalizeAddress(peer) : DIRECT_BUCKET;
}
