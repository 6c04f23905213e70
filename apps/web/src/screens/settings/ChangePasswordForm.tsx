import { useState, type FormEvent } from 'react';
import { copy } from '@reframe/shared';
import { authClient, unwrap } from '../../api/auth-client';
import { validateChangePassword } from '../../auth/validation';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useFormSubmit } from '../../components/use-form-submit';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Checks the current password and signs every other session out when it changes. */
export function ChangePasswordForm() {
  const [fields, setFields] = useState(empty);
  const { busy, error, submit } = useFormSubmit();
  const [done, setDone] = useState(false);

  const bind = (field: keyof typeof empty) => ({
    name: field,
    value: fields[field],
    onChange: (event: { target: { value: string } }) =>
      setFields((previous) => ({ ...previous, [field]: event.target.value })),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    void submit(validateChangePassword(fields), async () => {
      await unwrap(
        authClient.changePassword({
          currentPassword: fields.currentPassword,
          newPassword: fields.newPassword,
          revokeOtherSessions: true,
        }),
      );
      setDone(true);
      setFields(empty);
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {error && <Alert>{error}</Alert>}
      {done && <Alert tone="success">{copy.settings.passwordUpdated}</Alert>}
      <TextField
        label={copy.settings.currentPassword}
        type="password"
        autoComplete="current-password"
        {...bind('currentPassword')}
      />
      <TextField
        label={copy.settings.newPassword}
        type="password"
        autoComplete="new-password"
        {...bind('newPassword')}
      />
      <TextField
        label={copy.settings.confirmNewPassword}
        type="password"
        autoComplete="new-password"
        {...bind('confirmPassword')}
      />
      <div>
        <Button type="submit" busy={busy} busyLabel={copy.settings.updating}>
          {copy.settings.updatePassword}
        </Button>
      </div>
    </form>
  );
}
