import { isCmsHost } from '@plenary/domain';
import { useState, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { useUserState } from '../shared/session/hooks';
import { RequireAuth } from '../shared/session/RequireAuth';

/**
 * Sign-in pages are skipped by someone who arrives already signed in. Only the state at arrival
 * counts: a sign-in on this page navigates by itself (to the stored redirect url).
 */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const { authenticated } = useUserState();
  const [signedInOnArrival] = useState(authenticated);
  return signedInOnArrival ? <Navigate to="/" replace /> : children;
}

const signInPage = () => import('../features/accounts/SignInPage');
const setPasswordPage = () => import('../features/accounts/SetPasswordPage');

/**
 * Spec part 2, general routes (both hosts). Each page loads on first use: someone opening the
 * agenda already signed in does not download, parse and run the sign-in forms (and zod, which they
 * validate with) before the agenda shows.
 */
export function generalRoutes(): RouteObject[] {
  const onCms = isCmsHost(window.location.hostname);
  return [
    {
      path: '/login',
      lazy: () =>
        signInPage().then(({ SignInPage }) => ({
          element: (
            <SignedOutOnly>
              <SignInPage audience={onCms ? 'admin' : 'participant'} />
            </SignedOutOnly>
          ),
        })),
    },
    {
      path: '/admin/login',
      lazy: () =>
        signInPage().then(({ SignInPage }) => ({
          element: (
            <SignedOutOnly>
              <SignInPage audience="admin" />
            </SignedOutOnly>
          ),
        })),
    },
    {
      path: '/event/login',
      lazy: () =>
        Promise.all([import('../features/accounts/MagicLinkSignIn'), signInPage()]).then(
          ([{ MagicLinkOr }, { SignInPage }]) => ({
            element: (
              <MagicLinkOr>
                <SignedOutOnly>
                  <SignInPage audience="participant" />
                </SignedOutOnly>
              </MagicLinkOr>
            ),
          }),
        ),
    },
    // The answer to an event invitation: public (the token is the proof), on the participant app's host.
    {
      path: '/event/invitation',
      lazy: () =>
        import('../features/event-invitations/EventInvitationPage').then((m) => ({
          Component: m.EventInvitationPage,
        })),
    },
    {
      path: '/login/callback',
      lazy: () =>
        import('../features/accounts/LoginCallbackPage').then((m) => ({ Component: m.LoginCallbackPage })),
    },
    {
      path: '/logout',
      lazy: () => import('../features/accounts/LogoutPage').then((m) => ({ Component: m.LogoutPage })),
    },
    {
      path: '/registration',
      lazy: () =>
        import('../features/accounts/RegistrationPage').then((m) => ({ Component: m.RegistrationPage })),
    },
    {
      path: '/verify-email/:token',
      lazy: () =>
        import('../features/accounts/VerifyEmailPage').then((m) => ({ Component: m.VerifyEmailPage })),
    },
    {
      path: '/forgot-password',
      lazy: () =>
        import('../features/accounts/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
    },
    {
      path: '/reset-password',
      lazy: () =>
        setPasswordPage().then(({ SetPasswordPage }) => ({ element: <SetPasswordPage mode="reset" /> })),
    },
    {
      path: '/create-password',
      lazy: () =>
        setPasswordPage().then(({ SetPasswordPage }) => ({ element: <SetPasswordPage mode="create" /> })),
    },
    {
      path: '/create-new-password',
      lazy: () =>
        setPasswordPage().then(({ SetPasswordPage }) => ({ element: <SetPasswordPage mode="createNew" /> })),
    },
    {
      path: '/no-event-access',
      lazy: () =>
        import('../features/accounts/NoEventAccessPage').then(({ NoEventAccessPage }) => ({
          element: (
            <RequireAuth>
              <NoEventAccessPage />
            </RequireAuth>
          ),
        })),
    },
    {
      path: '/event-url/:eventId',
      lazy: () => import('../features/app-links/EventUrlPage').then((m) => ({ Component: m.EventUrlPage })),
    },
    {
      path: '/download-app',
      lazy: () =>
        import('../features/app-links/DownloadAppPage').then((m) => ({ Component: m.DownloadAppPage })),
    },
  ];
}
