import { describe, expect, it } from 'vitest';
import { BRANDS, brandOfVin } from './catalog';
import { createRng } from './random';
import { generateVin, hasValidCheckDigit, vinCheckDigit } from './vin';

describe('VINs', () => {
  it('computes the check digit of a known VIN', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(hasValidCheckDigit('1M8GDM9AXKP042788')).toBe(true);
    expect(hasValidCheckDigit('1M8GDM9A1KP042788')).toBe(false);
  });

  it('generates 17-character VINs without I, O or Q, with a valid check digit and the brand WMI', () => {
    const rng = createRng(7);
    for (const brand of BRANDS) {
      for (let i = 0; i < 50; i++) {
        const vin = generateVin(rng, brand.wmis[i % brand.wmis.length], 2019 + (i % 7));
        expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
        expect(hasValidCheckDigit(vin)).toBe(true);
        expect(brandOfVin(vin)?.make).toBe(brand.make);
      }
    }
  });
});
