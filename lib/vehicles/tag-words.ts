/** The tag filter of the vehicles list in words, for its chip: "Tag depot = north", "Tag depot (any value)". */
export function tagFilterWords(key: string, value: string): string {
  if (key && value) return `Tag ${key} = ${value}`;
  if (key) return `Tag ${key} (any value)`;
  return `Any tag = ${value}`;
}
