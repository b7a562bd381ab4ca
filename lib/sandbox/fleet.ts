import 'server-only';
import { BRANDS, ORGANIZATION_NAMES, REGION_COUNTRIES, findBrand, type Brand } from './catalog';
import type { Account, Organization, Region, SandboxFixtures, Tag, Vehicle } from './model';
import { createRng, hashSeed, hexString, intBetween, pick, type Rng } from './random';
import { generateVin } from './vin';

const DAY_MS = 86_400_000;
const ACCOUNTS_PER_ORG = 12;
/** The first vehicles of every organization are the fixtures; the fleet is at least this big. */
const FIXTURE_COUNT = 10;

const TAG_VALUES: Record<string, string[]> = {
  depot: ['Berlin', 'Lyon', 'Leeds', 'Madrid'],
  costCenter: ['CC-1001', 'CC-2040'],
  pool: ['executive', 'delivery'],
};
const TAG_POOL: Tag[] = Object.entries(TAG_VALUES).flatMap(([key, values]) => values.map((value) => ({ key, value })));
export const FIXTURE_TAG: Tag = { key: 'fixture', value: 'tagged-vehicle' };

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function registrationPlate(rng: Rng, country: string): string {
  const L = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const l = (n: number) => Array.from({ length: n }, () => pick(rng, L.split(''))).join('');
  const d = (n: number) => Array.from({ length: n }, () => String(intBetween(rng, 0, 9))).join('');
  switch (country) {
    case 'GB':
      return `${l(2)}${d(2)} ${l(3)}`;
    case 'DE':
      return `${pick(rng, ['B', 'M', 'HH', 'K', 'F'])}-${l(2)} ${intBetween(rng, 1, 9999)}E`;
    case 'FR':
    case 'IT':
      return `${l(2)}-${d(3)}-${l(2)}`;
    case 'ES':
      return `${d(4)} ${l(3)}`;
    case 'US':
    case 'CA':
    case 'MX':
      return `${d(1)}${l(3)}${d(3)}`;
    default:
      return `${l(2)}-${d(3)}-${l(1)}`;
  }
}

export interface NewVehicleSpec {
  brand: Brand;
  account: Account;
  country: string;
  vin?: string;
  model?: string | null;
  modelYear?: number | null;
  now: number;
}

/** One vehicle, connected and listening; the caller adjusts the rest. */
export function newVehicle(rng: Rng, spec: NewVehicleSpec): Vehicle {
  const modelSpec = spec.model
    ? (spec.brand.models.find((m) => m.model === spec.model) ?? pick(rng, spec.brand.models))
    : pick(rng, spec.brand.models);
  const modelYear = spec.modelYear ?? intBetween(rng, 2019, 2025);
  const registrationDate = spec.now - intBetween(rng, 60, 2000) * DAY_MS;
  return {
    id: `veh_${hexString(rng, 16)}`,
    seed: Math.floor(rng() * 2 ** 31),
    accountId: spec.account.id,
    vin: spec.vin ?? generateVin(rng, pick(rng, spec.brand.wmis), modelYear),
    make: spec.brand.make,
    model: spec.model ?? modelSpec.model,
    trim: pick(rng, modelSpec.trims),
    modelYear,
    registrationPlate: registrationPlate(rng, spec.country),
    registrationCountry: spec.country,
    isRegNoValidated: rng() < 0.7,
    regNoValidatedAt: registrationDate + DAY_MS,
    registrationDate,
    consentId: `cns_${hexString(rng, 12)}`,
    connectionStatus: 'CONNECTED',
    connectionErrorCode: null,
    connectionErrorMessage: null,
    actionCategory: null,
    isListening: true,
    listeningLastUpdated: registrationDate + DAY_MS,
    online: true,
    lastSeenAt: spec.now - intBetween(rng, 1, 6 * 3600) * 1000,
    hasJourneys: true,
    commandBudgetSpent: false,
    executions: [],
  };
}

function countryFor(rng: Rng, region: Region, inside: boolean): string {
  const set = REGION_COUNTRIES[region];
  return inside ? pick(rng, set.inside) : pick(rng, set.outside);
}

export function newAccount(rng: Rng, orgSlug: string, brand: Brand, region: Region, n: number): Account {
  return {
    id: `acc_${hexString(rng, 16)}`,
    username: `${slug(brand.make)}.fleet${n}@${orgSlug}.example`,
    make: brand.make,
    region,
    active: true,
  };
}

function seedOrganization(seed: number, index: number, vehicleCount: number, now: number): Organization {
  const rng = createRng(hashSeed(seed, 'organization', index));
  // Identity and credentials come from their own stream: they depend on the seed only, not on the fleet size.
  const idRng = createRng(hashSeed(seed, 'credentials', index));
  const orgId = `org_${hexString(idRng, 12)}`;
  const clientSecretHex = hexString(idRng, 32);
  const clientIdHex = hexString(idRng, 12);
  const name = ORGANIZATION_NAMES[index] ?? `Sandbox Fleet ${index + 1}`;
  const orgSlug = index === 0 ? 'demo' : slug(name).split('-')[0];
  const accounts: Account[] = [];
  for (let k = 0; k < ACCOUNTS_PER_ORG; k++) {
    // Account 0 is the options brand; the others cycle through the remaining brands.
    const brand = k === 0 ? BRANDS[0] : BRANDS[1 + ((k - 1 + index) % (BRANDS.length - 1))];
    const region: Region = k % 3 === 2 ? 'NORTH_AMERICA' : 'EUROPE';
    accounts.push(newAccount(rng, orgSlug, brand, region, k + 1));
  }
  // Fixture accounts must be European so the registration-country rules below hold.
  for (const k of [0, 1, 3, 4]) accounts[k].region = 'EUROPE';

  const vehicles: Vehicle[] = [];
  const tags = new Map<string, Tag[]>();
  const total = Math.max(vehicleCount, FIXTURE_COUNT);
  // Fixture i sits under account FIXTURE_ACCOUNTS[i]: 0 is the options brand, 1 is not.
  const FIXTURE_ACCOUNTS = [1, 1, 3, 4, 0, 1, 3, 4, 1, 3];
  for (let i = 0; i < total; i++) {
    const account = i < FIXTURE_COUNT ? accounts[FIXTURE_ACCOUNTS[i]] : accounts[intBetween(rng, 0, ACCOUNTS_PER_ORG - 1)];
    const brand = findBrand(account.make)!;
    const inside = i < FIXTURE_COUNT ? i !== 6 : rng() > 0.12;
    const vehicle = newVehicle(rng, { brand, account, country: countryFor(rng, account.region, inside), now });
    if (i >= FIXTURE_COUNT) {
      const r = rng();
      if (r < 0.1) vehicle.isListening = false;
      else if (r < 0.18) vehicle.online = false;
      else if (r < 0.21) {
        vehicle.connectionStatus = 'PENDING_CONNECTION';
        vehicle.connectionErrorCode = 'CONSENT_PENDING';
        vehicle.connectionErrorMessage = 'The owner has not completed the consent flow yet';
        vehicle.actionCategory = 'CUSTOMER_ACTION';
      } else if (r < 0.23) vehicle.connectionStatus = 'DISCONNECTED';
      if (rng() < 0.06) vehicle.modelYear = null;
      if (rng() < 0.05) vehicle.registrationPlate = null;
      if (rng() < 0.3) tags.set(vehicle.id, [pick(rng, TAG_POOL)]);
      if (vehicle.online === false) vehicle.lastSeenAt = now - intBetween(rng, 2, 20) * DAY_MS;
    }
    vehicles.push(vehicle);
  }
  const [online, offline, notListening, spent, optionsBrand, unsupportedOptions, noSpecs, noJourneys, tagged, disconnected] = vehicles;
  offline.online = false;
  offline.lastSeenAt = now - 3 * DAY_MS;
  notListening.isListening = false;
  spent.commandBudgetSpent = true;
  noJourneys.hasJourneys = false;
  tags.set(tagged.id, [{ ...FIXTURE_TAG }]);
  disconnected.connectionStatus = 'DISCONNECTED';

  const clientId = `sbx_${orgSlug}_${clientIdHex}`;
  const clientSecret = `sbs_${clientSecretHex}`;
  const bulkConnectionId = `bcg_${hexString(rng, 16)}`;
  const fixtures: SandboxFixtures = {
    accountIds: accounts.map((a) => a.id),
    onlineListeningVehicleId: online.id,
    offlineVehicleId: offline.id,
    notListeningVehicleId: notListening.id,
    spentBudgetVehicleId: spent.id,
    optionsBrandVehicleId: optionsBrand.id,
    unsupportedOptionsVehicleId: unsupportedOptions.id,
    noSpecificationsVehicleId: noSpecs.id,
    noJourneysVehicleId: noJourneys.id,
    noBatteryDataVehicleId: noJourneys.id,
    taggedVehicle: { id: tagged.id, ...FIXTURE_TAG },
    disconnectedVehicleId: disconnected.id,
    bulkConnectionId,
  };
  const org: Organization = {
    id: orgId,
    index,
    name,
    clientId,
    clientSecret,
    accounts,
    accountById: new Map(accounts.map((a) => [a.id, a])),
    vehicles,
    vehicleById: new Map(vehicles.map((v) => [v.id, v])),
    tags,
    consentLinks: new Map(),
    bulkGroups: new Map(),
    audit: [],
    fixtures,
    bulkConnectEnabled: true,
  };
  // A bulk connection: some of the fleet's own VINs (already connected) and some new ones.
  const newVins = Array.from({ length: 6 }, () => {
    const brand = pick(rng, BRANDS);
    return { vin: generateVin(rng, pick(rng, brand.wmis), intBetween(rng, 2020, 2025)), make: brand.make, countryCode: 'DE' };
  });
  org.bulkGroups.set(bulkConnectionId, {
    id: bulkConnectionId,
    kind: 'connection',
    createdAt: now - DAY_MS,
    vins: [...vehicles.slice(0, 4).map((v) => ({ vin: v.vin, make: v.make, countryCode: v.registrationCountry })), ...newVins],
  });
  return org;
}

export function seedOrganizations(seed: number, count: number, vehiclesPerOrg: number, now: number): Organization[] {
  return Array.from({ length: count }, (_, i) => seedOrganization(seed, i, vehiclesPerOrg, now));
}
