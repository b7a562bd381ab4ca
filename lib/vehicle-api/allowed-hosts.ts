/**
 * Which upstream base URLs an organization may use, decided without the network: the
 * operator's host list, the scheme, and addresses that must never be reached (private,
 * loopback, link-local, unspecified and other special ranges, in every IPv4 and IPv6
 * spelling). The server checks the resolved addresses again at connect time
 * (lib/vehicle-api/guarded-upstream-fetch.ts).
 */

export interface HostPolicy {
  /** Lower-case host names (or bracketed IPv6 literals) the operator allows. */
  allowedHosts: readonly string[];
  /** Development only: plain http and loopback addresses for a local upstream. */
  allowLoopback: boolean;
  /**
   * The operator's own VEHICLE_API_BASE_URL: trusted as configured, wherever it points, but only
   * itself (the same origin and path): another path on that origin is an organization's choice
   * and goes through the checks like any other URL.
   */
  operatorBaseUrl?: string;
}

export type BaseUrlVerdict = { ok: true; url: URL; trustedByOperator: boolean } | { ok: false; message: string };

function parseIPv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255) ? bytes : undefined;
}

/** Eight 16-bit groups, or undefined when the text is not an IPv6 address. */
function parseIPv6(text: string): number[] | undefined {
  let value = text.toLowerCase();
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  const zone = value.indexOf('%');
  if (zone >= 0) value = value.slice(0, zone);
  if (!value.includes(':')) return undefined;
  let tail: number[] = [];
  const lastColon = value.lastIndexOf(':');
  const last = value.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIPv4(last);
    if (!v4) return undefined;
    tail = [(v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]];
    value = value.slice(0, lastColon + 1);
    if (!value.endsWith('::')) value = value.slice(0, -1);
  }
  const halves = value.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  if (![...head, ...rest].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  const total = 8 - tail.length;
  const missing = total - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  return [
    ...head.map((g) => parseInt(g, 16)),
    ...Array(halves.length === 2 ? missing : 0).fill(0),
    ...rest.map((g) => parseInt(g, 16)),
    ...tail,
  ];
}

export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'reserved' | 'invalid';

function classifyIPv4([a, b, c]: number[]): AddressKind {
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 0) return 'unspecified';
  // Shared address space (100.64/10), IETF protocol (192.0.0/24), benchmarking (198.18/15), multicast and reserved (224/3).
  if ((a === 100 && b >= 64 && b <= 127) || (a === 192 && b === 0 && c === 0) || (a === 198 && (b === 18 || b === 19)) || a >= 224)
    return 'reserved';
  return 'public';
}

/** What kind of address this is; 'invalid' for anything that is not an IP address. */
export function classifyAddress(address: string): AddressKind {
  const v4 = parseIPv4(address);
  if (v4) return classifyIPv4(v4);
  const g = parseIPv6(address);
  if (!g) return 'invalid';
  const zeroHead = (n: number) => g.slice(0, n).every((x) => x === 0);
  const embedded = [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255];
  if (zeroHead(8)) return 'unspecified';
  if (zeroHead(7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): judged by the IPv4 inside.
  if (
    (zeroHead(5) && g[5] === 0xffff) ||
    zeroHead(6) ||
    (zeroHead(4) && g[4] === 0xffff && g[5] === 0) ||
    (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
  ) {
    return classifyIPv4(embedded);
  }
  if ((g[0] & 0xfe00) === 0xfc00) return 'private';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  // Site-local (deprecated), multicast, 6to4 and Teredo (tunnel to arbitrary IPv4), documentation.
  if (
    (g[0] & 0xffc0) === 0xfec0 ||
    (g[0] & 0xff00) === 0xff00 ||
    g[0] === 0x2002 ||
    (g[0] === 0x2001 && g[1] === 0) ||
    (g[0] === 0x2001 && g[1] === 0xdb8)
  )
    return 'reserved';
  return 'public';
}

/** Whether a connection to this address is refused: every kind but public (and loopback when allowed). */
export function isForbiddenAddress(address: string, allowLoopback: boolean): boolean {
  const kind = classifyAddress(address);
  return !(kind === 'public' || (kind === 'loopback' && allowLoopback));
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || classifyAddress(host) === 'loopback';
}

/** The base URL's host as the allow list spells it: lower case, no trailing dot, IPv6 in brackets. */
export function hostKey(url: URL): string {
  return url.hostname.toLowerCase().replace(/\.$/, '');
}

/**
 * Whether an organization may use this base URL. The messages name what is wrong for the
 * `baseUrl` field.
 */
/** The same origin and path (a trailing slash aside), with no credentials, query or fragment. */
function isSameBase(url: URL, base: URL): boolean {
  const path = (u: URL) => u.pathname.replace(/\/+$/, '');
  return url.origin === base.origin && path(url) === path(base) && !url.username && !url.password && url.search === '' && url.hash === '';
}

export function checkBaseUrl(raw: string, policy: HostPolicy): BaseUrlVerdict {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: 'Enter the API root as an http(s) URL, without /v1' };
  }
  if (policy.operatorBaseUrl && isSameBase(url, new URL(policy.operatorBaseUrl))) {
    return { ok: true, url, trustedByOperator: true };
  }
  if (url.username || url.password) return { ok: false, message: 'The base URL must not carry a user name or password' };
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback && policy.allowLoopback)) {
    return { ok: false, message: 'The base URL must use https' };
  }
  const host = hostKey(url);
  const literal = parseIPv4(host) ? host : parseIPv6(host) ? host : undefined;
  if (literal !== undefined && isForbiddenAddress(literal, policy.allowLoopback)) {
    return { ok: false, message: 'The base URL must not point at a private, loopback or link-local address' };
  }
  if (!policy.allowedHosts.includes(host)) {
    return {
      ok: false,
      message:
        policy.allowedHosts.length === 0
          ? 'This server allows no custom base URL (the operator can list hosts in VEHICLE_API_ALLOWED_HOSTS)'
          : `The host ${host} is not allowed here; allowed: ${policy.allowedHosts.join(', ')}`,
    };
  }
  return { ok: true, url, trustedByOperator: false };
}
