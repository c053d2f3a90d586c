import { Button } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DateTime, defineResource, ResourceListPage } from '../../shared/list';
import { AdminUserForm } from './AdminUserForm';
import { EditButton, useEditDialog } from './EntityForm';
import type { AdminUser, RoleAssignment } from './types';

/** "Organization admin of Acme, Event moderator of Summit 2026". */
export function rolesText(roles: readonly RoleAssignment[], t: TFunction<'tenancy'>): string {
  return roles
    .map((r) => t(`adminUsers.roleText.${r.scope}_${r.role}`, { name: r.scopeName ?? r.scopeId, defaultValue: `${r.role} (${r.scopeName ?? r.scopeId})` }))
    .join(', ');
}

function Roles({ roles }: { roles: readonly RoleAssignment[] }) {
  const { t } = useTranslation('tenancy');
  const text = rolesText(roles, t);
  return <span title={text}>{text}</span>;
}

export const adminUsersResource = defineResource<AdminUser>({
  key: 'admin-users',
  path: 'admin-users',
  searchPlaceholderKey: 'tenancy:adminUsers.search',
  columns: [
    { id: 'name', header: 'tenancy:adminUsers.columns.name', sortField: 'name', exportField: ['firstName', 'lastName'], width: 220, cell: (u) => `${u.firstName} ${u.lastName}`.trim() },
    { id: 'email', header: 'tenancy:adminUsers.columns.email', sortField: 'email', exportField: 'email', width: 260, cell: (u) => u.email },
    { id: 'roles', header: 'tenancy:adminUsers.columns.roles', exportField: 'roles', width: 360, cell: (u) => <Roles roles={u.roles} /> },
    { id: 'createdAt', header: 'tenancy:adminUsers.columns.createdAt', sortField: 'createdAt', exportField: 'createdAt', width: 200, cell: (u) => <DateTime value={u.createdAt} /> },
  ],
});

/** /admin-users for super admins; /administration/admin-users for an organization admin (the API scopes it). */
export function AdminUsersPage({ administration = false }: { administration?: boolean }) {
  const { t } = useTranslation('tenancy');
  const dialog = useEditDialog<AdminUser>();
  const add = <Button onClick={dialog.openCreate}>{t('adminUsers.add')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={adminUsersResource}
        title={t(administration ? 'adminUsers.administrationTitle' : 'adminUsers.title')}
        actions={add}
        rowActions={(u) => <EditButton name={`${u.firstName} ${u.lastName}`} onClick={() => dialog.openEdit(u)} />}
        empty={{ title: t('adminUsers.empty'), description: t('adminUsers.emptyText'), action: add }}
      />
      {dialog.open && <AdminUserForm record={dialog.record} onClose={dialog.close} />}
    </>
  );
}
