import 'server-only';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { classifyAddress, isForbiddenAddress } from '@/lib/vehicle-api/allowed-hosts';
import type { FetchLike } from '@/lib/vehicle-api';

export class ForbiddenUpstreamAddressError extends Error {
  readonly code = 'EADDRNOTALLOWED';
  constructor(
    readonly host: string,
    address: string,
  ) {
    super(`Refused to connect to ${host}: it resolves to a non-public address (${address})`);
    this.name = 'ForbiddenUpstreamAddressError';
  }
}

/**
 * A DNS lookup for the socket itself: the addresses are checked at connect time, the moment
 * they are used, so a name that answered a public address when the base URL was saved and a
 * private one now (DNS rebinding) is still refused.
 */
export function guardedLookup(allowLoopback: boolean, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return ((
    hostname: string,
    options: LookupOptions,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const forbidden = list.find((a) => isForbiddenAddress(a.address, allowLoopback));
      if (forbidden || list.length === 0) return callback(new ForbiddenUpstreamAddressError(hostname, forbidden?.address ?? 'none'), '', 0);
      if (options.all) callback(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  }) as LookupFunction;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);
const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/**
 * The network transport for an organization's upstream: node:http(s) with the guarded lookup,
 * redirects never followed (a 3xx is answered as it came, an error to the API client), IP
 * literals checked before connecting (they skip DNS), responses capped at 10 MiB.
 */
export function createGuardedFetch(options: { allowLoopback: boolean; resolve?: typeof dnsLookup }): FetchLike {
  const lookup = guardedLookup(options.allowLoopback, options.resolve);
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return reject(new Error(`Unsupported protocol ${url.protocol}`));
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (classifyAddress(host) !== 'invalid' && isForbiddenAddress(host, options.allowLoopback)) {
        return reject(new ForbiddenUpstreamAddressError(host, host));
      }
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(
        url,
        {
          method: init.method ?? 'GET',
          headers: init.headers as Record<string, string> | undefined,
          lookup,
          signal: init.signal ?? undefined,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_RESPONSE_BYTES) response.destroy(new Error('The upstream response is larger than 10 MiB'));
            else chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            const status = response.statusCode ?? 502;
            const body = NULL_BODY_STATUS.has(status) ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status: status < 200 || status > 599 ? 502 : status, headers: toHeaders(response.headers) }));
          });
        },
      );
      request.on('error', reject);
      const body = init.body;
      if (body !== undefined && body !== null) request.write(typeof body === 'string' ? body : String(body));
      request.end();
    });
}
