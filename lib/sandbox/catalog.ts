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

/** A model: its name, its trims, its battery in kWh and its range in km. */
function model(name: string, trims: string[], batteryKwh: number, rangeKm: number): ModelSpec {
  return { model: name, trims, batteryKwh, rangeKm };
}

/** A brand: its make, the VIN prefixes (WMIs) its vehicles have, and its models. */
function brand(make: string, wmis: string[], ...models: ModelSpec[]): Brand {
  return { make, wmis, models };
}

export const BRANDS: Brand[] = [
  brand(
    'Tesla',
    ['5YJ', '7SA', 'LRW', 'XP7'],
    model('Model 3', ['Standard Range', 'Long Range', 'Performance'], 75, 491),
    model('Model Y', ['Long Range', 'Performance'], 78, 533),
  ),
  brand('Volkswagen', ['WVW', 'WVG'], model('ID.3', ['Pro', 'Pro S'], 58, 426), model('ID.4', ['Pro', 'GTX'], 77, 520)),
  brand('BMW', ['WBA', 'WBY'], model('i4', ['eDrive40', 'M50'], 81, 590), model('iX', ['xDrive40', 'xDrive50'], 105, 630)),
  brand('Renault', ['VF1'], model('Megane E-Tech', ['EV60'], 60, 450), model('Zoe', ['R135'], 52, 395)),
  brand(
    'Ford',
    ['1FM', 'WF0'],
    model('Mustang Mach-E', ['Standard Range', 'Extended Range'], 91, 600),
    model('E-Transit', ['Van'], 68, 317),
  ),
  brand('Hyundai', ['KMH', 'TMA'], model('Ioniq 5', ['58 kWh', '77 kWh'], 77, 507), model('Kona Electric', ['64 kWh'], 64, 484)),
  brand('Kia', ['KNA', 'U5Y'], model('EV6', ['Air', 'GT-Line'], 77, 528), model('Niro EV', ['64 kWh'], 64, 460)),
  brand('Polestar', ['LPS'], model('Polestar 2', ['Long range Single motor'], 82, 635)),
  brand('Volvo', ['YV1'], model('EX30', ['Single Motor Extended Range'], 64, 476), model('XC40 Recharge', ['Twin'], 78, 460)),
  brand('Mercedes-Benz', ['W1K', 'W1N'], model('EQA', ['250+'], 70, 528), model('EQE', ['350+'], 90, 654)),
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
