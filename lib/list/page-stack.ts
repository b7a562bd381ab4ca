/**
 * Cursor paging in the URL. The upstream only hands out "next" tokens, so the URL keeps the stack
 * of tokens that led to the current page: Previous pops one, Next pushes one, and a shared link
 * or a reload lands on the same page. Each token is URI-encoded so a comma inside one is safe.
 */
export function readPageStack(param: string | null | undefined): string[] {
  if (!param) return [];
  return param
    .split(',')
    .filter(Boolean)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
}

export function writePageStack(stack: readonly string[]): string | undefined {
  return stack.length ? stack.map(encodeURIComponent).join(',') : undefined;
}

export function currentToken(stack: readonly string[]): string | undefined {
  return stack.at(-1);
}
