import { useState, type FormEvent } from 'react';
import { copy } from '@reframe/shared';
import { describeError } from '../../api/api-error';
import { authClient, unwrap } from '../../api/auth-client';
import { validateNewPassword } from '../../auth/validation';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { TextField } from '../../components/TextField';

/** Step two, opened from the emailed link: choose the new password, then sign in with it. */
export function SetNewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateNewPassword({ password, confirmPassword });
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await unwrap(authClient.resetPassword({ newPassword: password, token }));
      setDone(true);
    } catch (cause) {
      setError(describeError(cause));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="success">{copy.forgotPassword.done}</Alert>
        <ButtonLink to="/signin" replace size="lg" className="w-full">
          {copy.auth.signIn}
        </ButtonLink>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      {error && <Alert>{error}</Alert>}
      <TextField
        label={copy.forgotPassword.newPassword}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        label={copy.forgotPassword.confirmNewPassword}
        type="password"
        name="confirmNewPassword"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      <Button type="submit" size="lg" fullWidth busy={busy} busyLabel={copy.forgotPassword.saving}>
        {copy.forgotPassword.save}
      </Button>
    </form>
  );
}
