import { Button } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DateTime, defineResource, ResourceListPage } from '../../shared/list';
import { useUserState } from '../../shared/session/hooks';
import { AdminUserForm } from './AdminUserForm';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EditButton, useEditDialog } from '../../shared/forms/EntityForm';
import type { AdminUser, RoleAssignment } from './types';

/** "Organization admin of Acme, Event moderator of Summit 2026". */
export function rolesText(roles: readonly RoleAssignment[], t: TFunction<'tenancy'>): string {
  return roles
    .map((r) =>
      t(`adminUsers.roleText.${r.scope}_${r.role}`, {
        name: r.scopeName ?? r.scopeId,
        defaultValue: `${r.role} (${r.scopeName ?? r.scopeId})`,
      }),
    )
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
    {
      id: 'name',
      header: 'tenancy:adminUsers.columns.name',
      sortField: 'name',
      exportField: ['firstName', 'lastName'],
      width: 220,
      cell: (u) => `${u.firstName} ${u.lastName}`.trim(),
    },
    {
      id: 'email',
      header: 'tenancy:adminUsers.columns.email',
      sortField: 'email',
      exportField: 'email',
      width: 260,
      cell: (u) => u.email,
    },
    {
      id: 'roles',
      header: 'tenancy:adminUsers.columns.roles',
      exportField: 'roles',
      width: 360,
      cell: (u) => <Roles roles={u.roles} />,
    },
    {
      id: 'createdAt',
      header: 'tenancy:adminUsers.columns.createdAt',
      sortField: 'createdAt',
      exportField: 'createdAt',
      width: 200,
      cell: (u) => <DateTime value={u.createdAt} />,
    },
  ],
});

/** /admin-users for super admins; /administration/admin-users for an organization admin (the API scopes it). */
export function AdminUsersPage({ administration = false }: { administration?: boolean }) {
  const { t } = useTranslation('tenancy');
  const dialog = useEditDialog<AdminUser>();
  const deleting = useDeleteDialog<AdminUser>();
  const fullName = (u: AdminUser) => `${u.firstName} ${u.lastName}`.trim();
  const myId = useUserState().tokenData?.userId;
  const add = <Button onClick={dialog.openCreate}>{t('adminUsers.add')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={adminUsersResource}
        title={t(administration ? 'adminUsers.administrationTitle' : 'adminUsers.title')}
        actions={add}
        rowActions={(u) => (
          <RowActions>
            <EditButton name={fullName(u)} onClick={() => dialog.openEdit(u)} />
            {/* Removing one's own roles would lock oneself out of this page. */}
            {u.id !== myId && (
              <DeleteButton
                label={t('adminUsers.removeNamed', { name: fullName(u) })}
                onClick={() => deleting.open(u)}
              />
            )}
          </RowActions>
        )}
        empty={{ title: t('adminUsers.empty'), description: t('adminUsers.emptyText'), action: add }}
      />
      {dialog.open && <AdminUserForm record={dialog.record} onClose={dialog.close} />}
      {deleting.record && (
        <ConfirmDelete
          path={adminUsersResource.path}
          id={deleting.record.id}
          title={t('adminUsers.deleteTitle')}
          message={t('adminUsers.deleteText', {
            name: fullName(deleting.record),
            email: deleting.record.email,
          })}
          confirmLabel={t('adminUsers.remove')}
          successMessage={t('adminUsers.deleted', { name: fullName(deleting.record) })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}
