import { useState, type FormEvent } from 'react';
import { copy } from '@reframe/shared';
import { describeError } from '../../api/api-error';
import { authClient, unwrap } from '../../api/auth-client';
import { validateRequestReset } from '../../auth/validation';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';

/** Step one: ask for the address. The answer is the same whether an account exists or not. */
export function RequestResetForm({ initialError }: { initialError: string | null }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateRequestReset({ email });
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await unwrap(
        authClient.requestPasswordReset({ email: email.trim(), redirectTo: '/forgot-password' }),
      );
      setSent(true);
    } catch (cause) {
      setError(describeError(cause));
    } finally {
      setBusy(false);
    }
  }

  if (sent) return <Alert tone="success">{copy.forgotPassword.sent}</Alert>;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      {error && <Alert>{error}</Alert>}
      <TextField
        label={copy.auth.email}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" size="lg" fullWidth busy={busy} busyLabel={copy.forgotPassword.sending}>
        {copy.forgotPassword.send}
      </Button>
    </form>
  );
}
