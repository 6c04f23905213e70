import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';
import { RequireVerifiedUser } from './auth/RequireVerifiedUser';
import { AppShell } from './components/AppShell';
import { EmailActionScreen } from './screens/email-action/EmailActionScreen';
import { ForgotPasswordScreen } from './screens/forgot-password/ForgotPasswordScreen';
import { LandingScreen } from './screens/landing/LandingScreen';
import { RouteErrorScreen } from './screens/route-error/RouteErrorScreen';
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
    errorElement: <RouteErrorScreen />,
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
          // The app's screens load on first visit, keeping the landing and sign-in bundle small.
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./screens/resizer/ResizerScreen')).ResizerScreen,
            }),
          },
          {
            path: 'history',
            lazy: async () => ({
              Component: (await import('./screens/history/HistoryScreen')).HistoryScreen,
            }),
          },
          {
            path: 'billing',
            lazy: async () => ({
              Component: (await import('./screens/billing/BillingScreen')).BillingScreen,
            }),
          },
          {
            path: 'settings',
            lazy: async () => ({
              Component: (await import('./screens/settings/SettingsScreen')).SettingsScreen,
            }),
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
