import { Zap } from 'lucide-react';
import { copy } from '@reframe/shared';
import { ButtonLink } from '../../components/Button';

/** Shown once usage has loaded and no credits remain. */
export function UpgradeBanner() {
  return (
    <div
      role="status"
      data-testid="upgrade-banner"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-brand-200 bg-gradient-to-r from-brand-50 to-white p-4 sm:flex-row sm:items-center sm:justify-between sm:px-5"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-600 text-white">
          <Zap aria-hidden="true" className="size-4" />
        </span>
        <p className="text-sm font-medium text-brand-950">{copy.resizer.upgradeBanner}</p>
      </div>
      <ButtonLink to="/app/billing" className="shrink-0">
        {copy.resizer.upgradeNow}
      </ButtonLink>
    </div>
  );
}
