import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { copy } from '@reframe/shared';
import { describeError } from '../../api/api-error';
import { deleteHistoryRun, fetchHistoryPage, historyQueryKey } from '../../api/history';
import { useConfirm } from '../../components/use-confirm';

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

/**
 * Deletes a run once the user confirms in the dialog (render it with `dialogProps`); the list is
 * read again when it is gone.
 */
export function useDeleteRun() {
  const queryClient = useQueryClient();
  const { confirm, dialogProps } = useConfirm();
  const mutation = useMutation({
    mutationFn: deleteHistoryRun,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyQueryKey }),
  });
  return {
    deletingId: mutation.isPending ? mutation.variables : null,
    error:
      mutation.isError && mutation.variables
        ? { id: mutation.variables, message: describeError(mutation.error) }
        : null,
    dialogProps,
    async remove(id: string) {
      if (await confirm({ ...copy.confirmDialogs.deleteRun, danger: true })) mutation.mutate(id);
    },
  };
}
