import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { copy, formatMessage } from '@reframe/shared';
import { authClient, unwrap } from '../../api/auth-client';
import { destinationFrom } from '../../auth/from-state';
import { forgetPendingSignUp } from '../../auth/pending-sign-up';
import { useAuth } from '../../auth/use-auth';
import { validateSignIn } from '../../auth/validation';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { TextField } from '../../components/TextField';
import { TextLink } from '../../components/TextLink';
import { useFormSubmit } from '../../components/use-form-submit';

export function SignInScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const { refresh } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const { busy, error, submit } = useFormSubmit();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(
      validateSignIn({ email, password }),
      async () => {
        await unwrap(authClient.signIn.email({ email: email.trim(), password, rememberMe }));
        forgetPendingSignUp();
        await refresh();
        await navigate(destinationFrom(location.state), { replace: true });
      },
      formatMessage.signInFailed,
    );
  }

  return (
    <AuthLayout
      title={copy.auth.signInTitle}
      subtitle={copy.auth.signInSubtitle}
      footer={
        <>
          {copy.auth.noAccount} <TextLink to="/signup">{copy.auth.signUp}</TextLink>
        </>
      }
    >
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
        <TextField
          label={copy.auth.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          labelAside={
            <TextLink to="/forgot-password" className="text-sm">
              {copy.auth.forgotPassword}
            </TextLink>
          }
        />
        <Checkbox
          label={copy.auth.rememberMe}
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        <Button type="submit" size="lg" fullWidth busy={busy} busyLabel={copy.auth.signingIn}>
          {copy.auth.signIn}
        </Button>
      </form>
    </AuthLayout>
  );
}
