import { useState, type FormEvent } from 'react';
import { copy } from '@reframe/shared';
import { authClient, unwrap } from '../../api/auth-client';
import { validateRequestReset } from '../../auth/validation';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useFormSubmit } from '../../components/use-form-submit';

/** Step one: ask for the address. The answer is the same whether an account exists or not. */
export function RequestResetForm({ initialError }: { initialError: string | null }) {
  const [email, setEmail] = useState('');
  const { busy, error, submit } = useFormSubmit(initialError);
  const [sent, setSent] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(validateRequestReset({ email }), async () => {
      await unwrap(
        authClient.requestPasswordReset({ email: email.trim(), redirectTo: '/forgot-password' }),
      );
      setSent(true);
    });
  }

  if (sent) return <Alert tone="success">{copy.forgotPassword.sent}</Alert>;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
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
