import { useState, type FormEvent } from 'react';
import { copy } from '@reframe/shared';
import { authClient, unwrap } from '../../api/auth-client';
import { validateNewPassword } from '../../auth/validation';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useFormSubmit } from '../../components/use-form-submit';

/** Step two, opened from the emailed link: choose the new password, then sign in with it. */
export function SetNewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { busy, error, submit } = useFormSubmit();
  const [done, setDone] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(validateNewPassword({ password, confirmPassword }), async () => {
      await unwrap(authClient.resetPassword({ newPassword: password, token }));
      setDone(true);
    });
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
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
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
