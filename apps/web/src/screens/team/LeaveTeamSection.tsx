import { LogOut } from 'lucide-react';
import { copy } from '@reframe/shared';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';

/** A member or an admin leaves: back to their own credits, without the team's history. */
export function LeaveTeamSection({ busy, onLeave }: { busy: boolean; onLeave: () => void }) {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <p className="text-sm leading-6 text-slate-600">{copy.team.confirmLeave.body}</p>
      <Button variant="secondary" className="shrink-0 text-red-700" busy={busy} onClick={onLeave}>
        <LogOut aria-hidden="true" className="size-4" />
        {copy.team.leave}
      </Button>
    </Card>
  );
}
