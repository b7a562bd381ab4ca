/**
 * The contract's list filter for items that started within [from, to] (ISO instants, both
 * optional), `field` being the list's name for the start: `[{field >= from}, {field <= to}]`, or
 * nothing at all.
 */
export function startedWithin(field: string, from?: string, to?: string) {
  const conditions = [...(from ? [{ field, operator: '>=', value: from }] : []), ...(to ? [{ field, operator: '<=', value: to }] : [])];
  return conditions.length ? conditions : undefined;
}
