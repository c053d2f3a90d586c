import { isCmsHost } from '@plenary/domain';
import { useState, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ForgotPasswordPage } from '../features/accounts/ForgotPasswordPage';
import { LoginCallbackPage } from '../features/accounts/LoginCallbackPage';
import { LogoutPage } from '../features/accounts/LogoutPage';
import { MagicLinkOr } from '../features/accounts/MagicLinkSignIn';
import { NoEventAccessPage } from '../features/accounts/NoEventAccessPage';
import { RegistrationPage } from '../features/accounts/RegistrationPage';
import { SetPasswordPage } from '../features/accounts/SetPasswordPage';
import { SignInPage } from '../features/accounts/SignInPage';
import { VerifyEmailPage } from '../features/accounts/VerifyEmailPage';
import { useUserState } from '../shared/session/hooks';
import { RequireAuth } from './RequireAuth';

/**
 * Sign-in pages are skipped by someone who arrives already signed in. Only the state at arrival
 * counts: a sign-in on this page navigates by itself (to the stored redirect url).
 */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const { authenticated } = useUserState();
  const [signedInOnArrival] = useState(authenticated);
  return signedInOnArrival ? <Navigate to="/" replace /> : children;
}

/** Spec part 2, general routes (both hosts). */
export function generalRoutes(): RouteObject[] {
  const onCms = isCmsHost(window.location.hostname);
  return [
    {
      path: '/login',
      element: (
        <SignedOutOnly>
          <SignInPage audience={onCms ? 'admin' : 'participant'} />
        </SignedOutOnly>
      ),
    },
    { path: '/admin/login', element: <SignedOutOnly><SignInPage audience="admin" /></SignedOutOnly> },
    { path: '/event/login', element: <MagicLinkOr><SignedOutOnly><SignInPage audience="participant" /></SignedOutOnly></MagicLinkOr> },
    { path: '/login/callback', element: <LoginCallbackPage /> },
    { path: '/logout', element: <LogoutPage /> },
    { path: '/registration', element: <RegistrationPage /> },
    { path: '/verify-email/:token', element: <VerifyEmailPage /> },
    { path: '/forgot-password', element: <ForgotPasswordPage /> },
    { path: '/reset-password', element: <SetPasswordPage mode="reset" /> },
    { path: '/create-password', element: <SetPasswordPage mode="create" /> },
    { path: '/create-new-password', element: <SetPasswordPage mode="createNew" /> },
    { path: '/no-event-access', element: <RequireAuth><NoEventAccessPage /></RequireAuth> },
    {
      path: '/event-url/:eventId',
      lazy: () => import('../features/app-links/EventUrlPage').then((m) => ({ Component: m.EventUrlPage })),
    },
    {
      path: '/download-app',
      lazy: () => import('../features/app-links/DownloadAppPage').then((m) => ({ Component: m.DownloadAppPage })),
    },
  ];
}
