import { Link } from 'react-router';
import { copy } from '@reframe/shared';
import { Alert } from '../../../components/Alert';

const r = copy.resizer;

/** Free and Starter: a second photo says which plans process several at once. */
export function BulkUpsell() {
  return (
    <Alert tone="info">
      <p data-testid="bulk-upsell">{r.bulkLocked}</p>
      <Link to="/app/billing" className="mt-1 inline-block font-semibold underline">
        {r.bulkLockedLink}
      </Link>
    </Alert>
  );
}
