import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listenHost, serverArgs, standaloneEnv } from './lib.mjs';

describe('the address npm start listens on (issue 12, item 6)', () => {
  it('keeps the demo on loopback with no configuration at all', () => {
    expect(listenHost({})).toBe('127.0.0.1');
    expect(listenHost({ VEHICLE_API_BASE_URL: '  ' })).toBe('127.0.0.1');
    expect(serverArgs('start', '3000', {})).toEqual(['start', '-p', '3000', '-H', '127.0.0.1']);
    expect(standaloneEnv('3000', {})).toMatchObject({ PORT: '3000', HOSTNAME: '127.0.0.1' });
  });

  it('opens the demo to the network only when DEMO_PUBLIC says so explicitly', () => {
    expect(listenHost({ DEMO_PUBLIC: 'true' })).toBeUndefined();
    expect(listenHost({ DEMO_PUBLIC: '1' })).toBeUndefined();
    expect(listenHost({ DEMO_PUBLIC: 'false' })).toBe('127.0.0.1');
    expect(listenHost({ DEMO_PUBLIC: 'yes' })).toBe('127.0.0.1');
    expect(serverArgs('dev', '3000', { DEMO_PUBLIC: 'true' })).toEqual(['dev', '-p', '3000']);
  });

  it('listens on every interface as before once a real upstream is configured', () => {
    expect(listenHost({ VEHICLE_API_BASE_URL: 'https://api.example.com' })).toBeUndefined();
    expect(serverArgs('start', '8080', { VEHICLE_API_BASE_URL: 'https://api.example.com' })).toEqual(['start', '-p', '8080']);
    expect(standaloneEnv('8080', { VEHICLE_API_BASE_URL: 'https://api.example.com' })).toMatchObject({ PORT: '8080', HOSTNAME: '::' });
  });
});

describe('the standalone server npm start and the end-to-end server run (issue 14)', () => {
  it('keeps the embedded database in the checkout, although server.js changes into .next/standalone', () => {
    expect(standaloneEnv('3000', {}).DATA_DIR).toBe(path.resolve('.data'));
    expect(standaloneEnv('3000', {}).KEEP_ALIVE_TIMEOUT).toBe('65000');
    expect(standaloneEnv('3000', { KEEP_ALIVE_TIMEOUT: '120000' }).KEEP_ALIVE_TIMEOUT).toBe('120000');
    expect(standaloneEnv('3000', { DATA_DIR: '.data/e2e' }).DATA_DIR).toBe(path.resolve('.data/e2e'));
    expect(standaloneEnv('3000', { DATA_DIR: '/var/lib/motorpool' }).DATA_DIR).toBe('/var/lib/motorpool');
  });
});
