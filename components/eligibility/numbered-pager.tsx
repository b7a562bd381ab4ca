import { PAGE_SIZES } from '@/components/ui/pager';

/** Page number and size from the URL, clamped to what the upstream accepts (`currentPage` from 0, `maxPageSize`). */
export function readPaging(searchParams: URLSearchParams | { get(name: string): string | null }, pageKey: string, sizeKey: string) {
  const page = Number.parseInt(searchParams.get(pageKey) ?? '', 10);
  const size = Number.parseInt(searchParams.get(sizeKey) ?? '', 10);
  return {
    page: Number.isFinite(page) && page > 0 ? page - 1 : 0,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
  };
}
