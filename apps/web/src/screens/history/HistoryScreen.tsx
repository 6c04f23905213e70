import { ImagePlus } from 'lucide-react';
import { copy, errorMessages, formatMessage } from '@reframe/shared';
import { describeError } from '../../api/api-error';
import { Alert } from '../../components/Alert';
import { AppPage } from '../../components/AppPage';
import { Button, ButtonLink } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { HistoryCard } from './HistoryCard';
import { useDeleteRun, useHistory } from './use-history';
import { useHistoryZip } from './use-history-zip';

const h = copy.history;

/** /app/history: every run, newest first, 20 at a time. */
export function HistoryScreen() {
  const history = useHistory();
  const zip = useHistoryZip();
  const deletion = useDeleteRun();

  return (
    <AppPage title={h.title} wide>
      {history.isPending ? (
        <div role="status" className="grid min-h-80 place-items-center text-brand-600">
          <Spinner size="lg" />
          <span className="sr-only">{h.loading}</span>
        </div>
      ) : history.isError ? (
        <Alert>
          <p className="font-semibold">{errorMessages.LOAD_HISTORY_FAILED}</p>
          <p className="mt-1">{formatMessage.loadHistoryError(describeError(history.error))}</p>
        </Alert>
      ) : history.items.length === 0 ? (
        <EmptyHistory />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {history.items.map((item) => (
              <li key={item.id} className="flex min-w-0">
                <HistoryCard
                  item={item}
                  zipping={zip.busyId === item.id}
                  zipError={zip.error?.id === item.id ? zip.error.message : null}
                  onDownload={() => void zip.download(item)}
                  deleting={deletion.deletingId === item.id}
                  deleteError={deletion.error?.id === item.id ? deletion.error.message : null}
                  onDelete={() => void deletion.remove(item.id)}
                />
              </li>
            ))}
          </ul>
          {history.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <Button
                variant="secondary"
                busy={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                {h.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
      <ConfirmDialog {...deletion.dialogProps} />
    </AppPage>
  );
}

function EmptyHistory() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white/60 px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
        <ImagePlus aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-5 text-lg font-semibold text-slate-900">{h.emptyTitle}</h2>
      <p className="mt-1.5 max-w-sm text-sm text-slate-600">{h.emptyBody}</p>
      <ButtonLink to="/app" className="mt-6">
        {h.goToApp}
      </ButtonLink>
    </div>
  );
}
