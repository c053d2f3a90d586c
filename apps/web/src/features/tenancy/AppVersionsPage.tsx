import { Badge, Button } from '@mantine/core';
import { APP_VERSION_PLATFORMS } from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { DateTime, defineResource, ResourceListPage, YesNo } from '../../shared/list';
import { AppVersionForm } from './AppVersionForm';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EditButton, useEditDialog } from '../../shared/forms/EntityForm';
import type { AppVersion } from './types';

export const appVersionsResource = defineResource<AppVersion>({
  key: 'app-versions',
  path: 'app-versions',
  searchPlaceholderKey: 'tenancy:appVersions.search',
  filters: [
    {
      kind: 'select',
      id: 'platform',
      labelKey: 'tenancy:appVersions.platform',
      options: APP_VERSION_PLATFORMS.map((p) => ({ value: p, label: p })),
    },
    { kind: 'boolean', id: 'isRequired', labelKey: 'tenancy:appVersions.columns.isRequired' },
  ],
  columns: [
    {
      id: 'platform',
      header: 'tenancy:appVersions.columns.platform',
      sortField: 'platform',
      exportField: 'platform',
      width: 140,
      cell: (v) => (
        <Badge variant="light" color={v.platform === 'iOS' ? 'blue' : 'green'}>
          {v.platform}
        </Badge>
      ),
    },
    {
      id: 'version',
      header: 'tenancy:appVersions.columns.version',
      sortField: 'version',
      exportField: 'version',
      width: 160,
      cell: (v) => v.version,
    },
    // Spec part 3: isRequired is shown as Yes or No.
    {
      id: 'isRequired',
      header: 'tenancy:appVersions.columns.isRequired',
      sortField: 'isRequired',
      exportField: 'isRequired',
      width: 120,
      cell: (v) => <YesNo value={v.isRequired} />,
    },
    {
      id: 'createdAt',
      header: 'tenancy:appVersions.columns.createdAt',
      sortField: 'createdAt',
      exportField: 'createdAt',
      width: 200,
      cell: (v) => <DateTime value={v.createdAt} />,
    },
  ],
});

export function AppVersionsPage() {
  const { t } = useTranslation('tenancy');
  const dialog = useEditDialog<AppVersion>();
  const deleting = useDeleteDialog<AppVersion>();
  const add = <Button onClick={dialog.openCreate}>{t('appVersions.add')}</Button>;
  return (
    <>
      <ResourceListPage
        resource={appVersionsResource}
        title={t('appVersions.title')}
        actions={add}
        rowActions={(v) => (
          <RowActions>
            <EditButton name={`${v.platform} ${v.version}`} onClick={() => dialog.openEdit(v)} />
            <DeleteButton
              label={t('common.deleteNamed', { name: `${v.platform} ${v.version}` })}
              onClick={() => deleting.open(v)}
            />
          </RowActions>
        )}
        empty={{ title: t('appVersions.empty'), description: t('appVersions.emptyText'), action: add }}
      />
      {dialog.open && <AppVersionForm record={dialog.record} onClose={dialog.close} />}
      {deleting.record && (
        <ConfirmDelete
          path={appVersionsResource.path}
          id={deleting.record.id}
          title={t('appVersions.deleteTitle')}
          message={t('appVersions.deleteText', {
            platform: deleting.record.platform,
            version: deleting.record.version,
          })}
          confirmLabel={t('common.delete')}
          successMessage={t('appVersions.deleted', {
            platform: deleting.record.platform,
            version: deleting.record.version,
          })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}
