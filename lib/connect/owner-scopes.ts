import { CONNECT_SCOPES, type ConnectScope } from '@/lib/contract/vehicle-api';

/** The message key of a scope's plain words ("vehicle:all" becomes "vehicle_all": next-intl splits keys on dots, and colons read badly in JSON paths). */
export function scopeMessageKey(scope: string): string {
  return scope.replace(':', '_');
}

/** The scopes of a link worth listing, in the console's order; "vehicle:all" alone stands for the vehicle scopes it covers. */
export function ownerScopes(scopes: readonly string[]): ConnectScope[] {
  const known = CONNECT_SCOPES.filter((scope) => scopes.includes(scope));
  if (!known.includes('vehicle:all')) return known;
  return known.filter((scope) => scope === 'vehicle:all' || !scope.startsWith('vehicle:'));
}
