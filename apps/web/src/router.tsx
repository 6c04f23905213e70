import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';
import { RequireVerifiedUser } from './auth/RequireVerifiedUser';
import { AppShell } from './components/AppShell';
import { BillingScreen } from './screens/billing/BillingScreen';
import { EmailActionScreen } from './screens/email-action/EmailActionScreen';
import { ForgotPasswordScreen } from './screens/forgot-password/ForgotPasswordScreen';
import { HistoryScreen } from './screens/history/HistoryScreen';
import { LandingScreen } from './screens/landing/LandingScreen';
import { ResizerScreen } from './screens/resizer/ResizerScreen';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { SignInScreen } from './screens/signin/SignInScreen';
import { SignUpScreen } from './screens/signup/SignUpScreen';
import { VerifyEmailScreen } from './screens/verify-email/VerifyEmailScreen';

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** The brief's route table (section 2); any other path redirects to /. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingScreen /> },
      { path: '/signin', element: <SignInScreen /> },
      { path: '/signup', element: <SignUpScreen /> },
      { path: '/forgot-password', element: <ForgotPasswordScreen /> },
      { path: '/verify-email', element: <VerifyEmailScreen /> },
      { path: '/__/auth/action', element: <EmailActionScreen /> },
      { path: '/verify-success', element: <EmailActionScreen /> },
      {
        path: '/app',
        element: (
          <RequireVerifiedUser>
            <AppShell />
          </RequireVerifiedUser>
        ),
        children: [
          { index: true, element: <ResizerScreen /> },
          { path: 'history', element: <HistoryScreen /> },
          { path: 'billing', element: <BillingScreen /> },
          { path: 'settings', element: <SettingsScreen /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
