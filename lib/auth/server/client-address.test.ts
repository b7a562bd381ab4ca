import { describe, expect, it } from 'vitest';
import { clientAddressFromHeaders, DIRECT_BUCKET, normalizeAddress, PEER_ADDRESS_HEADER } from './client-address';

describe('client address', () => {
  it('with no trusted proxy (0 hops) takes the TCP peer and ignores a forged X-Forwarded-For', () => {
    const peer = { [PEER_ADDRESS_HEADER]: '198.51.100.20' };
    expect(clientAddressFromHeaders(peer, 0)).toBe('198.51.100.20');
    for (const forged of ['203.0.113.5', '203.0.113.5, 10.0.0.1', '1.1.1.1,2.2.2.2,3.3.3.3', 'evil']) {
      expect(clientAddressFromHeaders({ ...peer, 'x-forwarded-for': forged, 'x-real-ip': '192.0.2.1' }, 0)).toBe('198.51.100.20');
      expect(clientAddressFromHeaders(new Headers({ ...peer, 'x-forwarded-for': forged }), 0)).toBe('198.51.100.20');
    }
  });

  it('without a peer address and 0 hops falls into one fixed bucket, whatever the headers say', () => {
    expect(clientAddressFromHeaders({ 'x-forwarded-for': '203.0.113.5' }, 0)).toBe(DIRECT_BUCKET);
    expect(clientAddressFromHeaders({ 'x-real-ip': '203.0.113.5' }, 0)).toBe(DIRECT_BUCKET);
    expect(clientAddressFromHeaders({}, 0)).toBe(DIRECT_BUCKET);
    expect(clientAddressFromHeaders(undefined, 0)).toBe(DIRECT_BUCKET);
  });

  it('with N trusted proxies takes the Nth entry from the right of X-Forwarded-For', () => {
    const headers = { [PEER_ADDRESS_HEADER]: '10.0.0.2', 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 10.0.0.1' };
    expect(clientAddressFromHeaders(headers, 1)).toBe('10.0.0.1');
    expect(clientAddressFromHeaders(headers, 2)).toBe('203.0.113.5');
    expect(clientAddressFromHeaders(headers, 3)).toBe('6.6.6.6');
    // A client prepending entries moves nothing at the trusted positions.
    expect(clientAddressFromHeaders({ ...headers, 'x-forwarded-for': `1.2.3.4, 5.6.7.8, ${headers['x-forwarded-for']}` }, 2)).toBe(
      '203.0.113.5',
    );
    // A shorter chain: its leftmost entry was still written by a trusted proxy.
    expect(clientAddressFromHeaders({ 'x-forwarded-for': '203.0.113.9' }, 2)).toBe('203.0.113.9');
    // No header at all: the peer.
    expect(clientAddressFromHeaders({ [PEER_ADDRESS_HEADER]: '10.0.0.2' }, 1)).toBe('10.0.0.2');
  });

  it('normalizes address spellings so they share one bucket', () => {
    expect(normalizeAddress('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeAddress('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeAddress('10.0.0.1:5000')).toBe('10.0.0.1');
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('x'.repeat(500))).toHaveLength(64);
  });
});
