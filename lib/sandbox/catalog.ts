import { toVendorMake } from '@/lib/contract/makes';

/** The makes, models and countries the seeded fleet is drawn from. */

export interface ModelSpec {
  model: string;
  trims: string[];
  batteryKwh: number;
  rangeKm: number;
}
export interface Brand {
  make: string;
  wmis: string[];
  models: ModelSpec[];
}

export const BRANDS: Brand[] = [
  {
    make: 'Tesla',
    wmis: ['5YJ', '7SA', 'LRW', 'XP7'],
    models: [
      { model: 'Model 3', trims: ['Standard Range', 'Long Range', 'Performance'], batteryKwh: 75, rangeKm: 491 },
      { model: 'Model Y', trims: ['Long Range', 'Performance'], batteryKwh: 78, rangeKm: 533 },
    ],
  },
  {
    make: 'Volkswagen',
    wmis: ['WVW', 'WVG'],
    models: [
      { model: 'ID.3', trims: ['Pro', 'Pro S'], batteryKwh: 58, rangeKm: 426 },
      { model: 'ID.4', trims: ['Pro', 'GTX'], batteryKwh: 77, rangeKm: 520 },
    ],
  },
  {
    make: 'BMW',
    wmis: ['WBA', 'WBY'],
    models: [
      { model: 'i4', trims: ['eDrive40', 'M50'], batteryKwh: 81, rangeKm: 590 },
      { model: 'iX', trims: ['xDrive40', 'xDrive50'], batteryKwh: 105, rangeKm: 630 },
    ],
  },
  {
    make: 'Renault',
    wmis: ['VF1'],
    models: [
      { model: 'Megane E-Tech', trims: ['EV60'], batteryKwh: 60, rangeKm: 450 },
      { model: 'Zoe', trims: ['R135'], batteryKwh: 52, rangeKm: 395 },
    ],
  },
  {
    make: 'Ford',
    wmis: ['1FM', 'WF0'],
    models: [
      { model: 'Mustang Mach-E', trims: ['Standard Range', 'Extended Range'], batteryKwh: 91, rangeKm: 600 },
      { model: 'E-Transit', trims: ['Van'], batteryKwh: 68, rangeKm: 317 },
    ],
  },
  {
    make: 'Hyundai',
    wmis: ['KMH', 'TMA'],
    models: [
      { model: 'Ioniq 5', trims: ['58 kWh', '77 kWh'], batteryKwh: 77, rangeKm: 507 },
      { model: 'Kona Electric', trims: ['64 kWh'], batteryKwh: 64, rangeKm: 484 },
    ],
  },
  {
    make: 'Kia',
    wmis: ['KNA', 'U5Y'],
    models: [
      { model: 'EV6', trims: ['Air', 'GT-Line'], batteryKwh: 77, rangeKm: 528 },
      { model: 'Niro EV', trims: ['64 kWh'], batteryKwh: 64, rangeKm: 460 },
    ],
  },
  { make: 'Polestar', wmis: ['LPS'], models: [{ model: 'Polestar 2', trims: ['Long range Single motor'], batteryKwh: 82, rangeKm: 635 }] },
  {
    make: 'Volvo',
    wmis: ['YV1'],
    models: [
      { model: 'EX30', trims: ['Single Motor Extended Range'], batteryKwh: 64, rangeKm: 476 },
      { model: 'XC40 Recharge', trims: ['Twin'], batteryKwh: 78, rangeKm: 460 },
    ],
  },
  {
    make: 'Mercedes-Benz',
    wmis: ['W1K', 'W1N'],
    models: [
      { model: 'EQA', trims: ['250+'], batteryKwh: 70, rangeKm: 528 },
      { model: 'EQE', trims: ['350+'], batteryKwh: 90, rangeKm: 654 },
    ],
  },
];

/** The one brand whose vehicles have options; the others answer UNSUPPORTED_OEM. */
export const OPTIONS_MAKE = 'Tesla';

/** A brand by its make in either spelling: `Mercedes-Benz` or the vendor's `MERCEDES BENZ`. */
export function findBrand(make: string): Brand | undefined {
  const wanted = toVendorMake(make);
  return wanted ? BRANDS.find((b) => toVendorMake(b.make) === wanted) : undefined;
}

export function brandOfVin(vin: string): Brand | undefined {
  const wmi = vin.slice(0, 3).toUpperCase();
  return BRANDS.find((b) => b.wmis.includes(wmi));
}

/** Registration countries per region: the first ones are in the specification list, the rest not. */
export const REGION_COUNTRIES = {
  EUROPE: { inside: ['GB', 'FR', 'DE', 'IE', 'IT', 'ES'], outside: ['NL', 'BE', 'NO', 'PL', 'SE'] },
  NORTH_AMERICA: { inside: ['US', 'CA'], outside: ['MX'] },
} as const;

export const CITY_COORDINATES: Record<string, [number, number]> = {
  GB: [51.5072, -0.1276],
  FR: [48.8566, 2.3522],
  DE: [52.52, 13.405],
  IE: [53.3498, -6.2603],
  IT: [45.4642, 9.19],
  ES: [40.4168, -3.7038],
  NL: [52.3676, 4.9041],
  BE: [50.8503, 4.3517],
  NO: [59.9139, 10.7522],
  PL: [52.2297, 21.0122],
  SE: [59.3293, 18.0686],
  US: [37.7749, -122.4194],
  CA: [43.6532, -79.3832],
  MX: [19.4326, -99.1332],
};

export const ORGANIZATION_NAMES = ['Demo Fleet', 'Northwind Logistics', 'Contoso Car Share', 'Fabrikam Utilities', 'Tailspin Deliveries'];
