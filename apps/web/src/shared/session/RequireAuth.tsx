import { isAdminRole, type DerivedRole } from '@plenary/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { storeRedirectUrl } from './redirect';
import { useUserState } from './hooks';
import { NotAuthorizedPage } from './NotAuthorizedPage';

interface RequireAuthProps {
  children: ReactNode;
  /** Console screens: participants are turned away. */
  admin?: boolean;
  /** Narrower still: only these roles. */
  roles?: readonly DerivedRole[];
}

/** Protected routes: unauthenticated visitors go to /login, and come back here after signing in. */
export function RequireAuth({ children, admin = false, roles }: RequireAuthProps) {
  const { authenticated, role } = useUserState();
  const location = useLocation();
  if (!authenticated) {
    storeRedirectUrl(`${location.pathname}${location.search}`);
    return <Navigate to="/login" replace />;
  }
  if (
    (admin && (role === null || !isAdminRole(role))) ||
    (roles && (role === null || !roles.includes(role)))
  ) {
    return <NotAuthorizedPage />;
  }
  return children;
}
