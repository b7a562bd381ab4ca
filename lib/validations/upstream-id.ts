/**
 * Upstream ids travel in paths: a conservative alphabet keeps them from becoming paths or markup.
 * Plain data and a plain check, for a page that needs only the yes or no (no zod); the schema
 * `upstreamId` in route-params.ts is built from the same values.
 */
export const UPSTREAM_ID_MAX_LENGTH = 128;
export const UPSTREAM_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

export function isUpstreamId(value: string): boolean {
  return value.length >= 1 && value.length <= UPSTREAM_ID_MAX_LENGTH && UPSTREAM_ID_PATTERN.test(value);
}
