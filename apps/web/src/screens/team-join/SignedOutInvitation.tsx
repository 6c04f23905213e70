import { useQuery } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { copy, teamWebCopy } from '@reframe/shared';
import { fetchInvitation } from '../../api/team';
import type { FromState } from '../../auth/from-state';
import { teamJoinQuery } from '../../auth/pending-team-join';
import { AuthLayout } from '../../components/AuthLayout';
import { ButtonLink } from '../../components/Button';
import type { SignUpState } from '../signup/SignUpScreen';

/** A signed-out visitor: sign up or sign in with the invited address, then back to this page. */
export function SignedOutInvitation({ token }: { token: string }) {
  const back: FromState = { from: { pathname: '/team/join', search: `?${teamJoinQuery(token)}` } };
  // The token alone shows the invited address, so sign-up can start from it (issue 41).
  const invitation = useQuery({
    queryKey: ['team-invitation', token],
    queryFn: () => fetchInvitation(token),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const signUp: SignUpState = { invitedEmail: invitation.data?.email };
  return (
    <AuthLayout title={copy.team.join.title} subtitle={copy.team.join.signInFirst}>
      <div className="mb-6 grid place-items-center">
        <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/50">
          <MailCheck aria-hidden="true" className="size-7" />
        </span>
      </div>
      <p className="mb-6 rounded-lg bg-slate-50 px-4 py-3 text-sm leading-6 text-slate-600 ring-1 ring-slate-200/70">
        {copy.team.join.poolNote}
      </p>
      <div className="flex flex-col gap-3">
        <ButtonLink to="/signup" state={signUp} size="lg">
          {teamWebCopy.join.signUp}
        </ButtonLink>
        <ButtonLink to="/signin" state={back} variant="secondary" size="lg">
          {teamWebCopy.join.signIn}
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
