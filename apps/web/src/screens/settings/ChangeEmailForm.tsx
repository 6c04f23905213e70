import { useState, type FormEvent } from 'react';
import { copy } from '@reframe/shared';
import { changeEmail } from '../../api/account';
import { validateChangeEmail } from '../../auth/validation';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useFormSubmit } from '../../components/use-form-submit';

/**
 * Re-authenticates with the current password; the server mails a confirmation link to the new
 * address, and the email changes only once that link is opened.
 */
export function ChangeEmailForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newEmail, setNewEmail] = useState('');
  const { busy, error, submit } = useFormSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSentTo(null);
    void submit(validateChangeEmail({ currentPassword, newEmail }), async () => {
      const address = newEmail.trim();
      await changeEmail({ currentPassword, newEmail: address });
      setSentTo(address);
      setCurrentPassword('');
      setNewEmail('');
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {error && <Alert>{error}</Alert>}
      {sentTo && (
        <Alert tone="success">
          <p className="font-medium">{copy.settings.confirmationSentTitle}</p>
          <p className="mt-0.5">{copy.settings.confirmationSent(sentTo)}</p>
        </Alert>
      )}
      <TextField
        label={copy.settings.currentPassword}
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <TextField
        label={copy.settings.newEmail}
        type="email"
        name="newEmail"
        autoComplete="email"
        value={newEmail}
        onChange={(event) => setNewEmail(event.target.value)}
      />
      <div>
        <Button type="submit" busy={busy} busyLabel={copy.settings.sending}>
          {copy.settings.updateEmail}
        </Button>
      </div>
    </form>
  );
}
