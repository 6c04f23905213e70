import { copy } from '@reframe/shared';
import { AppPage } from '../../components/AppPage';

/** /app: the resizer. The resizer issue builds the upload, ratio picker and results here. */
export function ResizerScreen() {
  return <AppPage title={copy.resizer.title} lead={copy.resizer.placeholder} />;
}
