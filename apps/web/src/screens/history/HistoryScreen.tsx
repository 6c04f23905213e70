import { copy } from '@reframe/shared';
import { AppPage } from '../../components/AppPage';

/** /app/history: the history issue lists past resizes here. */
export function HistoryScreen() {
  return <AppPage title={copy.history.title} lead={copy.history.placeholder} />;
}
