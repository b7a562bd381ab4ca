import { describe, expect, it } from 'vitest';
import { checkBaseUrl, classifyAddress, isForbiddenAddress, type HostPolicy } from './allowed-hosts';

const production: HostPolicy = { allowedHosts: ['api.vehicles.example', '[2001:4860::8888]'], allowLoopback: false };
const development: HostPolicy = { allowedHosts: ['api.vehicles.example', 'localhost', '127.0.0.1'], allowLoopback: true };
const refusal = (raw: string, policy = production) => {
  const verdict = checkBaseUrl(raw, policy);
  return verdict.ok ? 'allowed' : verdict.message;
};

describe('address kinds', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.0.0.2', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['100.64.0.1', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['[2001:4860:4860::8888]', 'public'],
    ['2002:a9fe:a9fe::1', 'reserved'],
    ['not-an-ip', 'invalid'],
    ['1.2.3', 'invalid'],
    ['1::2::3', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('refuses everything but public addresses, loopback only when allowed', () => {
    expect(isForbiddenAddress('8.8.8.8', false)).toBe(false);
    expect(isForbiddenAddress('127.0.0.1', false)).toBe(true);
    expect(isForbiddenAddress('127.0.0.1', true)).toBe(false);
    expect(isForbiddenAddress('::1', true)).toBe(false);
    expect(isForbiddenAddress('169.254.169.254', true)).toBe(true);
    expect(isForbiddenAddress('10.0.0.1', true)).toBe(true);
    expect(isForbiddenAddress('garbage', true)).toBe(true);
  });
});

describe('base URL policy', () => {
  it('allows an https URL on a listed host, any case, trailing dot or path', () => {
    expect(refusal('https://api.vehicles.example')).toBe('allowed');
    expect(refusal('https://API.Vehicles.Example./root')).toBe('allowed');
    expect(refusal('https://[2001:4860::8888]:8443')).toBe('allowed');
  });

  it('refuses a host not on the list, and every host when the list is empty', () => {
    expect(refusal('https://evil.example')).toMatch(/host evil\.example is not allowed here/);
    expect(refusal('https://api.vehicles.example.evil.example')).toMatch(/not allowed/);
    expect(refusal('https://api.vehicles.example', { allowedHosts: [], allowLoopback: false })).toMatch(/allows no custom base URL/);
  });

  it('refuses plain http, except loopback in development', () => {
    expect(refusal('http://api.vehicles.example')).toBe('The base URL must use https');
    expect(refusal('http://127.0.0.2:9')).toBe('The base URL must use https');
    expect(refusal('http://localhost:4010', development)).toBe('allowed');
    expect(refusal('http://127.0.0.1:4010', development)).toBe('allowed');
    expect(refusal('http://api.vehicles.example', development)).toBe('The base URL must use https');
  });

  it('refuses metadata, private and loopback literals in every spelling, even when listed', () => {
    const listed: HostPolicy = {
      allowedHosts: ['169.254.169.254', '127.0.0.1', '[::1]', '10.0.0.1', '[::ffff:a9fe:a9fe]'],
      allowLoopback: false,
    };
    for (const raw of [
      'https://169.254.169.254',
      'https://0xa9fea9fe',
      'https://2852039166',
      'https://169.254.43518',
      'https://127.1',
      'https://[::1]',
      'https://[::ffff:169.254.169.254]',
      'https://[::ffff:a9fe:a9fe]',
      'https://10.0.0.1',
      'https://0.0.0.0',
    ]) {
      expect(refusal(raw, listed), raw).toBe('The base URL must not point at a private, loopback or link-local address');
    }
    expect(refusal('http://169.254.169.254', development)).toBe('The base URL must use https');
  });

  it('refuses credentials in the URL and what is not a URL', () => {
    expect(refusal('https://user:pw@api.vehicles.example')).toMatch(/user name or password/);
    expect(refusal('ftp://nowhere')).toBe('The base URL must use https');
    expect(refusal('not a url')).toMatch(/http\(s\) URL/);
  });

  it("trusts the operator's own configured base URL wherever it points", () => {
    const policy: HostPolicy = { allowedHosts: ['sandbox'], allowLoopback: false, operatorBaseUrl: 'http://sandbox:4010' };
    expect(checkBaseUrl('http://sandbox:4010', policy)).toMatchObject({ ok: true, trustedByOperator: true });
    expect(checkBaseUrl('http://sandbox:4010/', policy)).toMatchObject({ ok: true, trustedByOperator: true });
    expect(refusal('http://sandbox:4011', policy)).toBe('The base URL must use https');
  });

  it("trusts only the operator's base URL itself, not another path, query or credentials on its origin", () => {
    const policy: HostPolicy = { allowedHosts: [], allowLoopback: false, operatorBaseUrl: 'http://internal-api:8080/vehicle' };
    expect(checkBaseUrl('http://internal-api:8080/vehicle/', policy)).toMatchObject({ ok: true, trustedByOperator: true });
    for (const other of [
      'http://internal-api:8080/admin',
      'http://internal-api:8080/',
      'http://internal-api:8080/vehicle/../admin',
      'http://internal-api:8080/vehicle?x=1',
      'http://internal-api:8080/vehicle#x',
      'http://user:pw@internal-api:8080/vehicle',
    ]) {
      const verdict = checkBaseUrl(other, policy);
      expect(verdict.ok && verdict.trustedByOperator, other).toBe(false);
    }
  });
});
