import { Users } from 'lucide-react';
import { copy, getPlan, teamWebCopy } from '@reframe/shared';
import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';

const expert = getPlan('expert');

/** A user in no team and not on Expert: what the Expert plan offers, and the way to it. */
export function NotInPlan() {
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center sm:px-12">
      <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
        <Users aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-5 text-lg font-semibold text-slate-900">{copy.team.notInPlan}</h2>
      <p className="mt-2 max-w-md text-sm leading-6 text-slate-600">{teamWebCopy.expertOffer}</p>
      <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-slate-50 px-3 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
        {teamWebCopy.planSeats(expert.name, expert.teamSeats)}
      </p>
      <ButtonLink to="/app/billing" className="mt-7">
        {copy.team.goToBilling}
      </ButtonLink>
    </Card>
  );
}
