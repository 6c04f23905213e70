import { copy } from '@reframe/shared';
import { useAuth } from '../../auth/use-auth';
import { useSignOut } from '../../auth/use-sign-out';
import { Alert } from '../../components/Alert';
import { AppPage } from '../../components/AppPage';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ApiKeysSettings } from './api-keys/ApiKeysSettings';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccountSection } from './DeleteAccountSection';
import { SettingsSection } from './SettingsSection';

export function SettingsScreen() {
  const { currentUser, emailVerified } = useAuth();
  const signOut = useSignOut();
  const s = copy.settings;

  return (
    <AppPage title={s.title} lead={s.lead}>
      <SettingsSection headingId="settings-email" title={s.emailHeading}>
        <dl>
          <dt className="text-sm font-medium text-slate-600">{s.emailLabel}</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2.5">
            <span className="font-medium break-all text-slate-900" data-testid="settings-email">
              {currentUser?.email}
            </span>
            <Badge tone={emailVerified ? 'success' : 'warning'}>
              {emailVerified ? s.verified : s.notVerified}
            </Badge>
          </dd>
        </dl>
      </SettingsSection>
      <SettingsSection
        headingId="settings-change-email"
        title={s.changeEmail}
        description={s.changeEmailDescription}
      >
        <ChangeEmailForm />
      </SettingsSection>
      <SettingsSection
        headingId="settings-change-password"
        title={s.changePassword}
        description={s.changePasswordDescription}
      >
        <ChangePasswordForm />
      </SettingsSection>
      <ApiKeysSettings />
      <SettingsSection headingId="settings-session" title={s.sessionHeading}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">{s.signOutDescription}</p>
          <Button variant="secondary" busy={signOut.busy} onClick={() => void signOut.signOut()}>
            {s.signOut}
          </Button>
        </div>
        {signOut.error && <Alert className="mt-4">{signOut.error}</Alert>}
      </SettingsSection>
      <SettingsSection headingId="settings-delete" title={s.dangerZone}>
        <DeleteAccountSection />
      </SettingsSection>
    </AppPage>
  );
}
