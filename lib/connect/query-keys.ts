/** Query keys of consent links. */
export const connectKeys = {
  links: (org: string) => ['connect-links', org] as const,
  list: (org: string, status: string) => ['connect-links', org, 'list', status] as const,
  link: (org: string, id: string) => ['connect-links', org, 'detail', id] as const,
  /** The organization's face as owners see it (Settings). */
  face: (org: string) => ['connect-face', org] as const,
};
