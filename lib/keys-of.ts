/**
 * The keys of a record written out once with a value for each (a label, a word), in the order
 * written: the list of values of a kind, which a schema's `z.enum` and a filter's options take.
 */
export const keysOf = <K extends string>(record: Record<K, unknown>) => Object.keys(record) as K[];
