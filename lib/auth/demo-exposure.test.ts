import { describe, expect, it } from 'vitest';
import { bindsLoopbackOnly, publicDemoProblem, publishedPasswordAllowed } from './demo-exposure';

const demo = { VEHICLE_API_BASE_URL: undefined, DEMO_PUBLIC: false };

describe('which addresses the network cannot reach', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', ' ::1 ', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])(
    '%s is loopback',
    (host) => expect(bindsLoopbackOnly(host)).toBe(true),
  );

  it.each([
    undefined,
    '',
    '0.0.0.0',
    '::',
    '[::]',
    '192.168.1.10',
    '10.0.0.1',
    'a1b2c3d4e5f6',
    'localhost.example.com',
    '128.0.0.1',
    '::2',
  ])('%s is not (unset means the standalone server default, 0.0.0.0)', (host) => expect(bindsLoopbackOnly(host)).toBe(false));
});

describe('the demo on a public address', () => {
  it('is refused with the reason and the three ways out, whatever started the process', () => {
    for (const HOSTNAME of [undefined, '0.0.0.0', '::', 'container-id']) {
      const problem = publicDemoProblem({ ...demo, HOSTNAME });
      expect(problem).toContain('Refusing to start the demo');
      expect(problem).toContain('demo-password');
      expect(problem).toContain('HOSTNAME=127.0.0.1');
      expect(problem).toContain('VEHICLE_API_BASE_URL');
      expect(problem).toContain('DEMO_PUBLIC=true');
    }
  });

  it('starts on loopback, with DEMO_PUBLIC=true, or with a configured upstream', () => {
    expect(publicDemoProblem({ ...demo, HOSTNAME: '127.0.0.1' })).toBeUndefined();
    expect(publicDemoProblem({ ...demo, HOSTNAME: '0.0.0.0', DEMO_PUBLIC: true })).toBeUndefined();
    expect(publicDemoProblem({ ...demo, HOSTNAME: '0.0.0.0', VEHICLE_API_BASE_URL: 'https://api.example.com' })).toBeUndefined();
  });

  it('takes the published password only on loopback or with DEMO_PUBLIC=true, even with a configured upstream', () => {
    expect(publishedPasswordAllowed({ ...demo, HOSTNAME: '127.0.0.1' })).toBe(true);
    expect(publishedPasswordAllowed({ ...demo, HOSTNAME: '0.0.0.0', DEMO_PUBLIC: true })).toBe(true);
    expect(publishedPasswordAllowed({ ...demo, HOSTNAME: '0.0.0.0', VEHICLE_API_BASE_URL: 'https://api.example.com' })).toBe(false);
    expect(publishedPasswordAllowed({ ...demo, HOSTNAME: undefined })).toBe(false);
  });
});
