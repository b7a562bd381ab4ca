import fc from 'fast-check';
import { FILTER_OPERATORS } from '@/lib/contract/vehicle-api';
import { FILTER_FIELDS, OPERATORS_BY_KIND, type BuilderRow } from './filter-builder';

/** fast-check arbitraries for the filter properties: builder rows, and JSON in and around the filter grammar. */

/** Text heavy in what LIKE, JSON and trimming treat specially. */
export const text = fc.string({
  unit: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('%', '_', '\\', ' ', '"', '.', '*', '[', 'a', 'Z', '0', '7') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  ),
  maxLength: 12,
});

const valueFor = {
  text,
  number: fc.oneof(
    fc.nat().map(String),
    fc.integer().map((n) => ` ${n} `),
    text,
  ),
  boolean: fc.oneof(fc.constantFrom('true', 'false'), text),
  status: fc.oneof(fc.constantFrom('CONNECTED', 'PENDING_CONNECTION', 'DISCONNECTED'), text),
};

export const row: fc.Arbitrary<BuilderRow> = fc
  .constantFrom(...FILTER_FIELDS)
  .chain((f) =>
    fc.record({ field: fc.constant(f.field), operator: fc.constantFrom(...OPERATORS_BY_KIND[f.kind]), value: valueFor[f.kind] }),
  );

/** A condition node of the contract's grammar, or something near it. */
export const condition = fc.record(
  {
    field: fc.oneof(fc.constantFrom(...FILTER_FIELDS.map((f) => f.field)), fc.constantFrom('trim', '', 'metadata.lastSeenAt')),
    operator: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FILTER_OPERATORS) }, fc.string({ maxLength: 4 })),
    value: fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 })),
    extra: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: ['field', 'operator'] },
);

export const { node: filterTree } = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    condition,
    fc.array(tie('node'), { maxLength: 3 }),
    fc.record({ and: fc.array(tie('node'), { maxLength: 3 }) }),
    fc.record({ or: fc.array(tie('node'), { maxLength: 3 }) }),
    fc.record({ not: fc.array(tie('node'), { maxLength: 2 }) }),
    fc.jsonValue({ maxDepth: 2 }),
  ),
}));

/** Filters nested far deeper than any person writes: arrays, or `not` inside `not`. */
export const deepFilterText = fc.oneof(
  fc.noBias(fc.integer({ min: 1, max: 10_000 })).map((n) => `${'['.repeat(n)}{"field":"make","operator":"isNull"}${']'.repeat(n)}`),
  fc.noBias(fc.integer({ min: 1, max: 5000 })).map((n) => `${'{"not":['.repeat(n)}{"field":"make","operator":"isNull"}${']}'.repeat(n)}`),
);
