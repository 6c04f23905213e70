import { Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { RedirectSignedIn } from './auth/RedirectSignedIn';
import { RequireVerifiedUser } from './auth/RequireVerifiedUser';
import { SessionGate } from './auth/SessionGate';
import { DemoBanner } from './components/DemoBanner';
import { FullPageSpinner } from './components/Spinner';
import { RouteErrorScreen } from './screens/route-error/RouteErrorScreen';

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <DemoBanner />
    </>
  );
}

/**
 * The brief's route table (section 2); any other path redirects to /. Every screen loads on its
 * first visit; the public ones render before the session check answers. `/` itself is served
 * prerendered, with no app code (prerender.tsx, landing-entry.ts).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    // Shown while the screen of a page opened directly (e.g. /signin) is loading.
    HydrateFallback: FullPageSpinner,
    children: [
      {
        // The server answers `/` with the prerendered page, which loads none of the app; the
        // app draws the landing page only when it is reached from inside (a link, a redirect).
        path: '/',
        lazy: async () => ({
          Component: (await import('./screens/landing/LandingScreen')).LandingScreen,
        }),
      },
      {
        path: '/terms',
        lazy: async () => ({
          Component: (await import('./screens/legal/LegalScreen')).TermsScreen,
        }),
      },
      {
        path: '/privacy',
        lazy: async () => ({
          Component: (await import('./screens/legal/LegalScreen')).PrivacyScreen,
        }),
      },
      {
        path: '/docs/api',
        lazy: async () => ({
          Component: (await import('./screens/api-docs/ApiDocsScreen')).ApiDocsScreen,
        }),
      },
      {
        // Every page but the landing one depends on who is signed in: wait for the first check.
        element: (
          <SessionGate>
            <Outlet />
          </SessionGate>
        ),
        children: [
          {
            element: (
              <RedirectSignedIn>
                <Outlet />
              </RedirectSignedIn>
            ),
            children: [
              {
                path: '/signin',
                lazy: async () => ({
                  Component: (await import('./screens/signin/SignInScreen')).SignInScreen,
                }),
              },
              {
                path: '/signup',
                lazy: async () => ({
                  Component: (await import('./screens/signup/SignUpScreen')).SignUpScreen,
                }),
              },
            ],
          },
          {
            path: '/forgot-password',
            lazy: async () => ({
              Component: (await import('./screens/forgot-password/ForgotPasswordScreen'))
                .ForgotPasswordScreen,
            }),
          },
          {
            path: '/verify-email',
            lazy: async () => ({
              Component: (await import('./screens/verify-email/VerifyEmailScreen'))
                .VerifyEmailScreen,
            }),
          },
          {
            path: '/__/auth/action',
            lazy: async () => ({
              Component: (await import('./screens/email-action/EmailActionScreen'))
                .EmailActionScreen,
            }),
          },
          {
            path: '/verify-success',
            lazy: async () => ({
              Component: (await import('./screens/email-action/EmailActionScreen'))
                .EmailActionScreen,
            }),
          },
          {
            path: '/team/join',
            lazy: async () => ({
              Component: (await import('./screens/team-join/JoinTeamScreen')).JoinTeamScreen,
            }),
          },
          {
            path: '/app',
            element: (
              <RequireVerifiedUser>
                <Outlet />
              </RequireVerifiedUser>
            ),
            children: [
              {
                lazy: async () => ({
                  Component: (await import('./components/AppShell')).AppShell,
                }),
                children: [
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
                    path: 'team',
                    lazy: async () => ({
                      Component: (await import('./screens/team/TeamScreen')).TeamScreen,
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
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
