import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchHistoryPage, historyQueryKey } from '../../api/history';

/** The user's runs, 20 a page, newest first; `fetchNextPage` loads the next 20. */
export function useHistory() {
  const query = useInfiniteQuery({
    queryKey: historyQueryKey,
    queryFn: ({ pageParam }) => fetchHistoryPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, items };
}
