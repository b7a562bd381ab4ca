import { describe, expect, it } from 'vitest';
import { keysOf } from './keys-of';

describe('keysOf', () => {
  it('lists the keys in the order they were written', () => {
    expect(keysOf({ link_created: 'Link sent', link_expired: 'Link expired', consent_refused: 'Consent refused' })).toEqual([
      'link_created',
      'link_expired',
      'consent_refused',
    ]);
  });
});
