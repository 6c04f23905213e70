import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  copy,
  createInviteBodySchema,
  errorMessages,
  inviteRoles,
  type ErrorCode,
  type InviteRole,
} from '@reframe/shared';
import { describeError } from '../../api/api-error';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { isInviteRole } from './team-permissions';
import { useInvite } from './use-team';

const t = copy.team;

/** The schema's first issue, as the catalogue words it (its message is an error code). */
function firstProblem(email: string, role: InviteRole): string | null {
  const parsed = createInviteBodySchema.safeParse({ email, role });
  if (parsed.success) return null;
  const code = parsed.error.issues[0]?.message ?? 'INTERNAL';
  return Object.hasOwn(errorMessages, code) ? errorMessages[code as ErrorCode] : code;
}

/** Owner and admins: an address and a role; the server mails the link and keeps the seat. */
export function InviteForm() {
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('member');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = useInvite();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSentTo(null);
    invite.reset();
    const broken = firstProblem(email, role);
    setProblem(broken);
    if (broken) return;
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (created) => {
          setSentTo(created.email);
          setEmail('');
        },
      },
    );
  }

  const error = problem ?? (invite.isError ? describeError(invite.error) : null);
  return (
    <section aria-labelledby="team-invite-title">
      <Card className="p-5 sm:p-6">
        <h2 id="team-invite-title" className="text-base font-semibold text-slate-900">
          {t.inviteTitle}
        </h2>
        <form
          noValidate
          onSubmit={onSubmit}
          className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end"
        >
          <TextField
            label={t.emailLabel}
            type="email"
            name="email"
            autoComplete="off"
            className="sm:flex-1"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div className="sm:w-40">
            <label htmlFor={roleId} className="mb-1.5 block text-sm font-medium text-slate-800">
              {t.roleLabel}
            </label>
            <Select
              id={roleId}
              name="role"
              className="w-full"
              value={role}
              onChange={(event) => {
                if (isInviteRole(event.target.value)) setRole(event.target.value);
              }}
            >
              {inviteRoles.map((option) => (
                <option key={option} value={option}>
                  {t.roles[option]}
                </option>
              ))}
            </Select>
          </div>
          <Button
            type="submit"
            size="lg"
            className="h-11"
            busy={invite.isPending}
            busyLabel={t.sendingInvite}
          >
            <Send aria-hidden="true" className="size-4" />
            {t.sendInvite}
          </Button>
        </form>
        {error && <Alert className="mt-4">{error}</Alert>}
        {sentTo && (
          <Alert tone="success" className="mt-4">
            {t.inviteSent(sentTo)}
          </Alert>
        )}
      </Card>
    </section>
  );
}
