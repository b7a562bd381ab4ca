import { toVendorMake } from '@/lib/contract/makes';
import { countryCodeProblem } from '@/lib/eligibility/country-codes';
import { normalizeVin, vinProblem } from '@/lib/validations/vin';
import { ELIGIBILITY } from '@/lib/contract/eligibility';

/** VINs per eligibility check: a longer list is sent as several checks. */
export const ELIGIBILITY_BATCH_SIZE = ELIGIBILITY.maxVins;

/**
 * Pasted VINs or an uploaded CSV, checked row by row before anything is sent. Each row is a VIN,
 * a country code and, optionally, a make; a header row is optional (recognised by a column named
 * "vin"), and commas, semicolons, tabs or spaces separate the columns. Line numbers are those of
 * the input, header and blank lines included, so a person can find the row in their file.
 */
export type VinRow = { line: number; vin: string; countryCode: string; make?: string };
export type RowProblem = { line: number; text: string; reasons: string[] };
export type VinListParse = {
  rows: VinRow[];
  problems: RowProblem[];
  /** The line of the header row, when there is one. */
  headerLine: number | null;
  /** `rows` in checks of at most 500. */
  batches: VinRow[][];
};

export const MAX_INPUT_LINES = 100_000;

type Columns = { vin: number; country: number | null; make: number | null };

const HEADER_NAMES = {
  vin: ['vin', 'vinnumber', 'vehicleidentificationnumber'],
  country: ['country', 'countrycode', 'cc', 'iso', 'registrationcountry'],
  make: ['make', 'brand', 'manufacturer', 'oem'],
};

/** Splits one line into cells: CSV quoting for comma and semicolon, plain splitting for tabs and spaces. */
export function splitCells(line: string): string[] {
  const delimiter = line.includes('\t') ? '\t' : line.includes(';') ? ';' : line.includes(',') ? ',' : null;
  if (delimiter === null) return line.trim().split(/\s+/);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, '');

function headerColumns(cells: string[]): Columns | null {
  const keys = cells.map(headerKey);
  const vin = keys.findIndex((k) => HEADER_NAMES.vin.includes(k));
  if (vin < 0) return null;
  const find = (names: string[]) => {
    const index = keys.findIndex((k) => names.includes(k));
    return index < 0 ? null : index;
  };
  return { vin, country: find(HEADER_NAMES.country), make: find(HEADER_NAMES.make) };
}

const preview = (line: string) => (line.length > 80 ? `${line.slice(0, 79)}…` : line);

export function parseVinList(text: string, options: { defaultCountry?: string; batchSize?: number } = {}): VinListParse {
  const batchSize = options.batchSize ?? ELIGIBILITY_BATCH_SIZE;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const rows: VinRow[] = [];
  const problems: RowProblem[] = [];
  const firstLineOf = new Map<string, number>();
  let columns: Columns = { vin: 0, country: 1, make: 2 };
  let headerLine: number | null = null;
  let seenContent = false;

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const number = index + 1;
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (number > MAX_INPUT_LINES) {
      problems.push({
        line: number,
        text: '',
        reasons: [`The input has more than ${MAX_INPUT_LINES.toLocaleString('en')} lines; split it into smaller files.`],
      });
      break;
    }
    const cells = splitCells(line);
    if (!seenContent) {
      seenContent = true;
      const header = headerColumns(cells);
      if (header) {
        columns = header;
        headerLine = number;
        continue;
      }
    }

    const reasons: string[] = [];
    const vin = normalizeVin(cells[columns.vin] ?? '');
    const vinIssue = vinProblem(vin);
    if (vinIssue) reasons.push(vinIssue);

    const givenCountry = columns.country === null ? '' : (cells[columns.country] ?? '').trim();
    const countryText = givenCountry || options.defaultCountry || '';
    const country = countryText.toUpperCase();
    const countryIssue = countryCodeProblem(countryText);
    if (countryIssue)
      reasons.push(
        givenCountry || options.defaultCountry
          ? countryIssue
          : 'The country code is missing (add a second column, or choose a country for rows without one).',
      );

    if (!vinIssue) {
      const first = firstLineOf.get(vin);
      if (first !== undefined) reasons.push(`Duplicate of line ${first}.`);
      else firstLineOf.set(vin, number);
    }

    const make = columns.make === null ? '' : (cells[columns.make] ?? '').trim();
    if (make.length > 50) reasons.push('The make has more than 50 characters.');
    else if (make && !toVendorMake(make))
      reasons.push(`The Vehicle API does not know the make "${make}"; leave it empty to let the service read it from the VIN.`);

    if (reasons.length) problems.push({ line: number, text: preview(line.trim()), reasons });
    else rows.push({ line: number, vin, countryCode: country, ...(make ? { make } : {}) });
  }

  const batches: VinRow[][] = [];
  for (let i = 0; i < rows.length; i += batchSize) batches.push(rows.slice(i, i + batchSize));
  return { rows, problems, headerLine, batches };
}
