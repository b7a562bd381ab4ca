/** Query keys of vehicles; a key is a prefix of every key below it, so `all(org)` refreshes every list and detail. */
export const vehicleKeys = {
  all: (org: string) => ['vehicles', org] as const,
  lists: (org: string) => ['vehicles', org, 'list'] as const,
  list: (org: string, query: string) => ['vehicles', org, 'list', query] as const,
  detail: (org: string, id: string) => ['vehicles', org, 'detail', id] as const,
  tags: (org: string, id: string) => ['vehicles', org, 'tags', id] as const,
  allPageTags: (org: string) => ['vehicles', org, 'page-tags'] as const,
  pageTags: (org: string, ids: string) => ['vehicles', org, 'page-tags', ids] as const,
  tagsSeen: (org: string) => ['tags-seen', org] as const,
};
