import { describe, expect, it } from 'vitest';
import { ACTION_CATEGORIES, BULK_CONNECT_ERROR_CODES } from './eligibility';
import { ACTION_CATEGORY_TEXT, BULK_CONNECT_ERROR_TEXT, explainActionCategory, explainConnectionError } from './outcome-text';
import { UPSTREAM_ERROR_TEXT, explainUpstreamError, type Explanation } from './upstream-error-text';
import { VENDOR_FIXTURE, type VendorType } from './vendor-conformance';
import { ERROR_CODES } from './vehicle-api';

/** Every enumeration the vendor names `enumName` anywhere in its published responses. */
function vendorEnum(enumName: string): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const type = node as VendorType;
    if (type.enumName === enumName) for (const value of type.enum ?? []) found.add(String(value));
    Object.values(node).forEach(walk);
  };
  walk(VENDOR_FIXTURE.operations);
  return [...found];
}

function expectPlainWords(code: string, words: Explanation | undefined) {
  expect(words, `${code} has no plain words`).toBeDefined();
  for (const part of [words!.title, words!.what, words!.nextStep]) {
    expect(part.trim().length, `${code}: an empty part`).toBeGreaterThan(10);
    expect(part, `${code}: the words repeat the code`).not.toContain(code);
  }
}

describe('the plain-words catalog of upstream outcomes', () => {
  it('has a sentence and a next step for every HTTP error code of the contract and of the vendor’s operations', () => {
    const vendorCodes = VENDOR_FIXTURE.operations.flatMap((op) => op.errorCodes);
    expect(vendorCodes).toContain('RESOURCE_NOT_FOUND');
    for (const code of new Set([...ERROR_CODES, ...vendorCodes])) {
      expectPlainWords(code, (UPSTREAM_ERROR_TEXT as Record<string, Explanation>)[code]);
    }
  });

  it('has a sentence and a next step for every per-VIN bulk connection code the vendor lists', () => {
    const vendorCodes = vendorEnum('Code');
    expect(vendorCodes).toEqual(expect.arrayContaining(['VIN_BLACKLISTED', 'FLEET_CONSENT_MISSING']));
    expect([...BULK_CONNECT_ERROR_CODES].sort()).toEqual([...vendorCodes].sort());
    for (const code of vendorCodes) expectPlainWords(code, (BULK_CONNECT_ERROR_TEXT as Record<string, Explanation>)[code]);
  });

  it('has a sentence and a next step for every action category', () => {
    for (const category of ACTION_CATEGORIES) {
      const words = ACTION_CATEGORY_TEXT[category];
      expect(words.what.length).toBeGreaterThan(10);
      expect(words.nextStep.length).toBeGreaterThan(10);
    }
  });

  it('explains a vehicle’s connection error by its code, else by its action category, else not at all', () => {
    expect(explainConnectionError('VIN_BLACKLISTED', 'CUSTOMER_ACTION')?.title).toBe('The service refuses this VIN');
    expect(explainConnectionError('SOMETHING_NEW', 'UNDER_REVIEW')?.title).toBe('Under review');
    expect(explainConnectionError('SOMETHING_NEW', null)).toBeNull();
    expect(explainConnectionError(null, undefined)).toBeNull();
  });

  it('names an action category it does not know as it came, and knows no inherited property as a code', () => {
    expect(explainActionCategory('CONTACT_SUPPORT')?.nextStep).toMatch(/request id/);
    expect(explainActionCategory('SOMETHING_NEW')).toMatchObject({ title: 'SOMETHING_NEW', what: expect.stringMatching(/does not know/) });
    expect(explainActionCategory(null)).toBeNull();
    expect(explainUpstreamError('toString')).toBeNull();
    expect(explainUpstreamError('SERVER_ERROR')?.nextStep).toMatch(/request id/);
  });
});
