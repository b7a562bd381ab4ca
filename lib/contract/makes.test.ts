import { describe, expect, it } from 'vitest';
import { MAKE_LABELS, VENDOR_MAKES, makeLabel, toVendorMake } from './makes';

describe('makes', () => {
  it('lists the 32 makes of the vendor, upper case', () => {
    expect(VENDOR_MAKES).toHaveLength(32);
    for (const make of VENDOR_MAKES) expect(make).toBe(make.toUpperCase());
  });

  it("sends a person's spelling as the vendor's", () => {
    expect(toVendorMake('Mercedes-Benz')).toBe('MERCEDES BENZ');
    expect(toVendorMake('mercedes benz')).toBe('MERCEDES BENZ');
    expect(toVendorMake('Tesla')).toBe('TESLA');
    expect(toVendorMake(' Volkswagen ')).toBe('VOLKSWAGEN');
    expect(toVendorMake('VW')).toBe('VOLKSWAGEN');
    expect(toVendorMake('Citroën')).toBe('CITROEN');
    expect(toVendorMake('Škoda')).toBe('SKODA');
    expect(toVendorMake('Alfa-Romeo')).toBe('ALFA ROMEO');
    expect(toVendorMake('DS')).toBe('DS AUTOMOBILES');
  });

  it('refuses a make the vendor does not list', () => {
    expect(toVendorMake('Trabant')).toBeNull();
    expect(toVendorMake('')).toBeNull();
    expect(toVendorMake(undefined)).toBeNull();
  });

  it("reads either spelling and shows the person's", () => {
    expect(makeLabel('MERCEDES BENZ')).toBe('Mercedes-Benz');
    expect(makeLabel('Mercedes-Benz')).toBe('Mercedes-Benz');
    expect(makeLabel('VOLKSWAGEN')).toBe('Volkswagen');
    expect(makeLabel('ALFA ROMEO')).toBe('Alfa Romeo');
    expect(makeLabel('BMW')).toBe('BMW');
    expect(makeLabel('TESLA')).toBe('Tesla');
    expect(makeLabel('Trabant')).toBe('Trabant');
    expect(makeLabel(null)).toBe('');
  });

  it('maps every label back to its make', () => {
    for (const [i, label] of MAKE_LABELS.entries()) expect(toVendorMake(label)).toBe(VENDOR_MAKES[i]);
  });
});
