import { useSearchParams } from 'react-router';
import { copy, errorMessages } from '@reframe/shared';
import { AuthLayout } from '../../components/AuthLayout';
import { TextLink } from '../../components/TextLink';
import { RequestResetForm } from './RequestResetForm';
import { SetNewPasswordForm } from './SetNewPasswordForm';

/**
 * /forgot-password: the request form, or, when the emailed link brings a `token`, the form that
 * sets the new password. A link better-auth rejected arrives with `error` instead.
 */
export function ForgotPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error') ? errorMessages.RESET_LINK_INVALID_OR_EXPIRED : null;

  return (
    <AuthLayout
      title={token ? copy.forgotPassword.newPasswordTitle : copy.forgotPassword.title}
      subtitle={token ? undefined : copy.forgotPassword.intro}
      footer={<TextLink to="/signin">{copy.forgotPassword.backToSignIn}</TextLink>}
    >
      {token ? <SetNewPasswordForm token={token} /> : <RequestResetForm initialError={linkError} />}
    </AuthLayout>
  );
}
