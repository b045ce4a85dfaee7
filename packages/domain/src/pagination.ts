import { LIMITS } from './limits';

export function pageCount(total: number, pageSize: number = LIMITS.pageSize): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page buttons to show (1-based): at most `maxButtons`, the current page as central as the
 * bounds allow (specification §9.5: up to 10 page buttons).
 */
export function pageWindow(
  current: number,
  totalPages: number,
  maxButtons: number = LIMITS.maxPageButtons,
): number[] {
  const total = Math.max(1, Math.floor(totalPages));
  const size = Math.min(total, Math.max(1, maxButtons));
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  let start = page - Math.floor((size - 1) / 2);
  start = Math.max(1, Math.min(start, total - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

export function pageSlice<T>(items: readonly T[], page: number, pageSize: number = LIMITS.pageSize): T[] {
  const start = (Math.max(1, page) - 1) * pageSize;
  return items.slice(start, start + pageSize);
}
