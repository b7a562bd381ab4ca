import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_NOT_OFFERED } from '@/lib/commands/execution-view';
import { CONSENT_MISSING } from '@/lib/contract/consent-scopes';
import { BULK_CONNECT_NOT_ENABLED } from '@/lib/eligibility/bulk-connect';
import { RepositoryError } from '@/lib/db/errors';
import { APP_ERROR_STATUS, AppError, validationFailed } from './app-error';

const ROOT = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Codes thrown through a named constant, by the constant's name. */
const CONSTANTS: Record<string, string> = { CONSENT_MISSING, COMMAND_NOT_OFFERED, BULK_CONNECT_NOT_ENABLED };
/**
 * Codes that come from a caught Vehicle API error (`error.code`, or `code` read from it): the
 * client's own codes with a fixed status are in the map (checked below); the upstream's contract
 * codes keep the upstream's status.
 */
const FROM_UPSTREAM_ERROR = new Set(['code', 'error.code']);
const CLIENT_CODES_ANSWERED = ['TIMEOUT', 'NETWORK_ERROR', 'UPSTREAM_DEADLINE', 'UPSTREAM_PAUSED', 'UPSTREAM_CONTRACT_MISMATCH'];

function thrownCodes(): { code: string; where: string }[] {
  const found: { code: string; where: string }[] = [];
  for (const file of [...sources('lib'), ...sources('app')]) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/new (?:AppError|RepositoryError)\(\s*('([A-Z_]+)'|[\w.]+)/g)) {
      const where = `${path.relative(ROOT, file)}:${text.slice(0, match.index).split('\n').length}`;
      const literal = match[2];
      const name = match[1];
      if (literal) found.push({ code: literal, where });
      else if (name in CONSTANTS) found.push({ code: CONSTANTS[name], where });
      else if (!FROM_UPSTREAM_ERROR.has(name)) found.push({ code: `(unknown expression ${name})`, where });
    }
  }
  return found;
}

describe('the one code-to-status map', () => {
  it('has every code the sources throw', () => {
    const thrown = thrownCodes();
    // The walk finds the throws (about 80 today across 24 codes); a broken pattern would find none.
    expect(thrown.length).toBeGreaterThan(60);
    expect(new Set(thrown.map((t) => t.code)).size).toBeGreaterThanOrEqual(24);
    const missing = thrown.filter((t) => !(t.code in APP_ERROR_STATUS));
    expect(missing).toEqual([]);
  });

  it('has the client codes the BFF answers with a fixed status', () => {
    for (const code of CLIENT_CODES_ANSWERED) expect(APP_ERROR_STATUS).toHaveProperty(code);
  });

  it('gives an error its status from the map, repository errors included', () => {
    expect(new AppError('RESET_INVALID', 'x').status).toBe(410);
    expect(new AppError('CONSENT_MISSING', 'x').status).toBe(403);
    expect(new RepositoryError('LAST_ADMIN', 'x').status).toBe(409);
    expect(new RepositoryError('INVALID_CURSOR', 'x').status).toBe(400);
    expect(new AppError('SOMETHING_ELSE', 'x').status).toBe(500);
  });
});

describe('validationFailed', () => {
  it('names where every field error was: a verb’s own check without a location is the body', () => {
    const error = validationFailed([
      { path: 'baseUrl', message: 'The base URL must use https' },
      { path: 'pageSize', message: 'At most 100', in: 'query' },
    ]);
    expect(error.body.fields).toEqual([
      { path: 'baseUrl', message: 'The base URL must use https', in: 'body' },
      { path: 'pageSize', message: 'At most 100', in: 'query' },
    ]);
  });
});
