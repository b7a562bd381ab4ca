/** The page sizes every list offers (the Vehicle API's default and two larger ones); apart from the pager, so URL parsers do not carry it. */
export const PAGE_SIZES = [20, 50, 100] as const;
