import 'server-only';
import Bowser from 'bowser';
import type { DeviceKind } from '../sessions';

const KINDS: Record<string, DeviceKind> = { desktop: 'desktop', mobile: 'mobile', tablet: 'tablet' };

/** "Chrome 124 on macOS" from a user agent, with the kind of device; a plain phrase when it says little. */
export function describeDevice(userAgent: string | null): { device: string; deviceKind: DeviceKind } {
  if (!userAgent?.trim()) return { device: 'Unknown device', deviceKind: 'other' };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : 'A browser';
  const system = os.name ? [os.name, os.name === 'Windows' ? os.versionName : undefined].filter(Boolean).join(' ') : undefined;
  const device = browser.name || system ? `${name}${system ? ` on ${system}` : ''}` : 'Unknown device';
  return { device, deviceKind: KINDS[platform.type ?? ''] ?? 'other' };
}
