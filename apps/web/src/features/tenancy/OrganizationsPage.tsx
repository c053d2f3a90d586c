import { ActionIcon, Badge, Button } from '@mantine/core';
import { ORGANIZATION_STATUSES, type OrganizationStatus } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { DateTime, defineResource, LastModified, ResourceListPage } from '../../shared/list';
import { useUserState } from '../../shared/session/hooks';
import { GlobeIcon } from '../../shared/ui/icons';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { ApprovedHostsDialog } from './ApprovedHostsDialog';
import { EditButton, useEditDialog } from '../../shared/forms/EntityForm';
import { OrganizationForm } from './OrganizationForm';
import type { Organization } from './types';

function StatusBadge({ status }: { status: OrganizationStatus }) {
  const { t } = useTranslation('tenancy');
  return (
    <Badge variant="light" color={status === 'PUBLISHED' ? 'teal' : 'gray'}>
      {t(`organizations.status.${status}`)}
    </Badge>
  );
}

export const organizationsResource = defineResource<Organization>({
  key: 'organizations',
  path: 'organizations',
  searchPlaceholderKey: 'tenancy:organizations.search',
  rowLink: (o) => `/event-hubs?organizationId=${encodeURIComponent(o.id)}`,
  filters: [
    {
      kind: 'select',
      id: 'status',
      labelKey: 'tenancy:organizations.statusLabel',
      options: ORGANIZATION_STATUSES.map((s) => ({
        value: s,
        labelKey: `tenancy:organizations.status.${s}`,
      })),
    },
  ],
  columns: [
    {
      id: 'name',
      header: 'tenancy:organizations.columns.name',
      sortField: 'name',
      exportField: 'name',
      width: 260,
      cell: (o) => o.name,
    },
    {
      id: 'status',
      header: 'tenancy:organizations.columns.status',
      sortField: 'status',
      exportField: 'status',
      width: 130,
      cell: (o) => <StatusBadge status={o.settings.status} />,
    },
    {
      id: 'createdAt',
      header: 'tenancy:organizations.columns.createdAt',
      sortField: 'createdAt',
      exportField: 'createdAt',
      width: 200,
      cell: (o) => <DateTime value={o.createdAt} />,
    },
    {
      id: 'updatedAt',
      header: 'tenancy:organizations.columns.updatedAt',
      sortField: 'updatedAt',
      exportField: 'updatedAt',
      width: 200,
      defaultVisible: false,
      cell: (o) => <DateTime value={o.updatedAt} />,
    },
    {
      id: 'lastModified',
      header: 'tenancy:organizations.columns.lastModified',
      exportField: ['updatedAt', 'updatedBy'],
      width: 300,
      cell: (o) => <LastModified at={o.updatedAt} by={o.updatedBy} />,
    },
  ],
});

export function OrganizationsPage() {
  const { t } = useTranslation('tenancy');
  const dialog = useEditDialog<Organization>();
  const deleting = useDeleteDialog<Organization>();
  // Host approvals are the super admin's; organisation admins see this page without them.
  const isSuperAdmin = useUserState().role === 'superadmin';
  const hostsDialog = useEditDialog<Organization>();
  const add = <Button onClick={dialog.openCreate}>{t('organizations.add')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={organizationsResource}
        title={t('organizations.title')}
        actions={add}
        rowActions={(o) => (
          <RowActions>
            <EditButton name={o.name} onClick={() => dialog.openEdit(o)} />
            {isSuperAdmin && (
              <ActionIcon
                variant="subtle"
                aria-label={t('organizations.approvedHosts', { name: o.name })}
                title={t('organizations.approvedHosts', { name: o.name })}
                onClick={() => hostsDialog.openEdit(o)}
              >
                <GlobeIcon size={16} />
              </ActionIcon>
            )}
            <DeleteButton
              label={t('common.deleteNamed', { name: o.name })}
              onClick={() => deleting.open(o)}
            />
          </RowActions>
        )}
        empty={{ title: t('organizations.empty'), description: t('organizations.emptyText'), action: add }}
      />
      {dialog.open && <OrganizationForm record={dialog.record} onClose={dialog.close} />}
      {hostsDialog.record && (
        <ApprovedHostsDialog organization={hostsDialog.record} onClose={hostsDialog.close} />
      )}
      {deleting.record && (
        <ConfirmDelete
          path={organizationsResource.path}
          id={deleting.record.id}
          title={t('organizations.deleteTitle')}
          message={t('organizations.deleteText', { name: deleting.record.name })}
          confirmLabel={t('common.delete')}
          successMessage={t('organizations.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}
