import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { copy } from '@reframe/shared';
import { authClient, unwrap } from '../../api/auth-client';
import { rememberPendingSignUp } from '../../auth/pending-sign-up';
import { useAuth } from '../../auth/use-auth';
import { validateSignUp } from '../../auth/validation';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { TextField } from '../../components/TextField';
import { TextLink } from '../../components/TextLink';
import { useFormSubmit } from '../../components/use-form-submit';
import type { VerifyEmailState } from '../verify-email/VerifyEmailScreen';

const terms = copy.auth.acceptTerms;

/** What a team invitation hands to sign-up: the address it was sent to. */
export interface SignUpState {
  invitedEmail?: string;
}

export function SignUpScreen() {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const invitedEmail = (useLocation().state as SignUpState | null)?.invitedEmail ?? '';
  const [fields, setFields] = useState({
    name: '',
    email: invitedEmail,
    password: '',
    confirmPassword: '',
  });
  const { busy, error, setError, submit } = useFormSubmit();

  const bind = (field: keyof typeof fields) => ({
    name: field,
    value: fields[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setFields((previous) => ({ ...previous, [field]: event.target.value })),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(validateSignUp(fields), async () => {
      await unwrap(
        authClient.signUp.email({
          name: fields.name.trim(),
          email: fields.email.trim(),
          password: fields.password,
        }),
      );
      rememberPendingSignUp(fields.email.trim());
      await refresh();
      const state: VerifyEmailState = { email: fields.email.trim() };
      await navigate('/verify-email', { state });
    });
  }

  return (
    <AuthLayout
      title={copy.auth.signUpTitle}
      subtitle={copy.auth.signUpSubtitle}
      footer={
        <>
          {copy.auth.haveAccount} <TextLink to="/signin">{copy.auth.signIn}</TextLink>
        </>
      }
    >
      {/* Only the terms box is required by the browser (brief section 5); empty fields get the
          brief's own message from validateSignUp. */}
      <form onSubmit={onSubmit} onInvalid={() => setError(null)} className="flex flex-col gap-5">
        {error && <Alert>{error}</Alert>}
        <TextField label={copy.auth.fullName} type="text" autoComplete="name" {...bind('name')} />
        <TextField label={copy.auth.email} type="email" autoComplete="email" {...bind('email')} />
        <TextField
          label={copy.auth.password}
          type="password"
          autoComplete="new-password"
          {...bind('password')}
        />
        <TextField
          label={copy.auth.confirmPassword}
          type="password"
          autoComplete="new-password"
          {...bind('confirmPassword')}
        />
        <Checkbox
          label={
            <>
              {terms.before}
              {/* A new tab, so the form keeps what was typed. */}
              <TextLink to="/terms" target="_blank">
                {terms.terms}
              </TextLink>
              {terms.and}
              <TextLink to="/privacy" target="_blank">
                {terms.privacy}
              </TextLink>
            </>
          }
          name="terms"
          required
        />
        <Button type="submit" size="lg" fullWidth busy={busy} busyLabel={copy.auth.creatingAccount}>
          {copy.auth.signUp}
        </Button>
      </form>
    </AuthLayout>
  );
}
