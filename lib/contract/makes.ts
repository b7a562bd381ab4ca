/**
 * Makes as the vendor takes them [V]: an upper-case enumeration of 32, the only spellings its
 * `accounts:connect`, eligibility and bulk-connect bodies accept. People write `Mercedes-Benz`,
 * `Citroën` or `VW`; Motorpool sends the vendor's spelling and shows the person's.
 */
/** The vendor refuses any make outside its list: say so before anything is sent. */
export const UNKNOWN_MAKE_MESSAGE =
  'The Vehicle API does not know this brand; choose one it lists (for example Volkswagen or Mercedes-Benz).';

export const VENDOR_MAKES = [
  'ABARTH',
  'ALFA ROMEO',
  'AUDI',
  'BMW',
  'CHRYSLER',
  'CITROEN',
  'CUPRA',
  'DODGE',
  'DS AUTOMOBILES',
  'FIAT',
  'FORD',
  'HYUNDAI',
  'JEEP',
  'KIA',
  'LANCIA',
  'LEXUS',
  'MASERATI',
  'MERCEDES BENZ',
  'MINI',
  'NISSAN',
  'OPEL',
  'PEUGEOT',
  'POLESTAR',
  'RAM',
  'RENAULT',
  'SEAT',
  'SKODA',
  'TESLA',
  'TOYOTA',
  'VAUXHALL',
  'VOLKSWAGEN',
  'VOLVO',
] as const;
export type VendorMake = (typeof VENDOR_MAKES)[number];

/** How a person writes each make; a make missing here is written in capitalised words. */
const PERSON_SPELLING: Partial<Record<VendorMake, string>> = {
  BMW: 'BMW',
  CITROEN: 'Citroën',
  'DS AUTOMOBILES': 'DS Automobiles',
  'MERCEDES BENZ': 'Mercedes-Benz',
  MINI: 'MINI',
  SKODA: 'Škoda',
};

/** Other names people use for a make, in the normalised form of `keyOf`. */
const ALIASES: Record<string, VendorMake> = {
  VW: 'VOLKSWAGEN',
  MERCEDES: 'MERCEDES BENZ',
  'MERCEDES BENZ': 'MERCEDES BENZ',
  DS: 'DS AUTOMOBILES',
  ALFA: 'ALFA ROMEO',
};

const VENDOR_SET = new Set<string>(VENDOR_MAKES);

/** Upper case, accents and punctuation dropped, spaces single: `Mercedes-Benz` and `MERCEDES BENZ` meet. */
function keyOf(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[-_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The vendor's spelling of a make written either way, or null for a make the vendor does not list. */
export function toVendorMake(value: string | null | undefined): VendorMake | null {
  if (!value) return null;
  const key = keyOf(value);
  if (VENDOR_SET.has(key)) return key as VendorMake;
  return ALIASES[key] ?? null;
}

function capitalised(make: string): string {
  return make
    .toLowerCase()
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A make as a person writes it, whichever spelling came; one the vendor does not list is shown as it came. */
export function makeLabel(value: string | null | undefined): string {
  if (!value) return '';
  const make = toVendorMake(value);
  if (!make) return value;
  return PERSON_SPELLING[make] ?? capitalised(make);
}

/** Every make the vendor lists, in a person's spelling, for choices and messages. */
export const MAKE_LABELS: readonly string[] = VENDOR_MAKES.map((make) => makeLabel(make));
