import { describe, expect, it } from 'vitest';
import { connectLinkSchema } from './schemas';
import { vinProblem } from '@/lib/validations/vin';

const base = { mode: 'account', makes: [], scopes: ['vehicle:all'], region: 'EUROPE', locale: 'en-GB' } as const;

describe('connectLinkSchema', () => {
  it('accepts an account link and a vehicle link with VIN, model and year', () => {
    expect(connectLinkSchema.parse(base)).toEqual(base);
    expect(
      connectLinkSchema.parse({ ...base, mode: 'vehicle', vin: ' 5yj3e1ea7kf317000 ', model: 'Model 3', modelYear: 2019 }),
    ).toMatchObject({ vin: '5YJ3E1EA7KF317000', modelYear: 2019 });
  });

  it('names the field of each mistake', () => {
    const result = connectLinkSchema.safeParse({
      ...base,
      mode: 'vehicle',
      vin: 'WVWZZZ1JZOW00000I',
      scopes: [],
      region: 'ASIA',
      modelYear: 1800,
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(Object.keys(byField).sort()).toEqual(['modelYear', 'region', 'scopes']);
    // The VIN refinement runs once the object itself is valid.
    const vinOnly = connectLinkSchema.safeParse({ ...base, mode: 'vehicle', vin: 'WVWZZZ1JZOW00000I' });
    expect(vinOnly.error?.issues).toEqual([expect.objectContaining({ path: ['vin'], message: expect.stringContaining('I, O or Q') })]);
  });

  it('refuses a brand the vendor does not list, and accepts either spelling of one it does', () => {
    expect(connectLinkSchema.safeParse({ ...base, makes: ['Trabant'] }).error?.issues[0]).toMatchObject({
      path: ['makes', 0],
      message: expect.stringContaining('does not know this brand'),
    });
    expect(connectLinkSchema.parse({ ...base, makes: ['Mercedes-Benz', 'MERCEDES BENZ', 'vw'] }).makes).toHaveLength(3);
  });

  it('requires a VIN only in vehicle mode, and refuses unknown scopes and a return URL it never takes', () => {
    expect(connectLinkSchema.safeParse({ ...base, mode: 'vehicle' }).error?.issues[0].path).toEqual(['vin']);
    expect(connectLinkSchema.safeParse({ ...base, scopes: ['vehicle:everything'] }).success).toBe(false);
    expect(connectLinkSchema.parse({ ...base, returnUrl: 'https://evil.example' })).not.toHaveProperty('returnUrl');
  });
});

describe('vinProblem', () => {
  it('accepts 17 letters and digits without I, O, Q, case-insensitively', () => {
    expect(vinProblem('wvwzzz1jzxw000001')).toBeNull();
    expect(vinProblem('')).toMatch(/missing/);
    expect(vinProblem('WVWZZZ1JZXW00000')).toMatch(/16/);
    expect(vinProblem('WVWZZZ1JZXW0000Q1')).toMatch(/found Q/);
    expect(vinProblem('WVWZZZ1JZ W000001')).toMatch(/only letters and digits/);
  });
});
