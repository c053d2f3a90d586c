import { ActionIcon, Button, Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { emailSchema, EMAIL_MAX_LENGTH, MESSAGES, requiredString, SHORT_TEXT_MAX_LENGTH } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaMessage, useForm } from '../../shared/forms/useForm';
import { useOptions, type RemoteOptions } from '../../shared/list';
import { toast } from '../../shared/ui/toast';
import { FormModal, reportSaveError, useEntitySave } from './EntityForm';
import { eventHubOptions, eventOptions, organizationOptions } from './options';
import { ROLE_SCOPES, SCOPE_ROLES, type AdminUser, type RoleAssignment, type RoleScope } from './types';

export interface AdminUserBody {
  firstName: string;
  lastName: string;
  email: string;
  roles: { scope: RoleScope; scopeId: string; role: string }[];
}

const SCOPE_OPTIONS: Record<RoleScope, RemoteOptions> = {
  organization: organizationOptions,
  eventHub: eventHubOptions,
  event: eventOptions,
};

interface RoleRow extends RoleAssignment {
  key: number;
}
type RowErrors = Record<number, { scopeId?: string; role?: string }>;

function RoleRowFields({
  row,
  index,
  errors,
  onChange,
  onRemove,
}: {
  row: RoleRow;
  index: number;
  errors: RowErrors[number] | undefined;
  onChange: (row: RoleRow) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('tenancy');
  const items = useOptions(SCOPE_OPTIONS[row.scope]);
  // Keep the current scope selectable even before (or without) the option list.
  const data =
    row.scopeId && !items.data.some((o) => o.value === row.scopeId)
      ? [{ value: row.scopeId, label: row.scopeName ?? row.scopeId }, ...items.data]
      : items.data;
  const n = index + 1;
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" component="li">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
        <Select
          label={t('adminUsers.scope')}
          aria-label={`${t('adminUsers.scope')} (${n})`}
          data={ROLE_SCOPES.map((s) => ({ value: s, label: t(`adminUsers.scopes.${s}`) }))}
          value={row.scope}
          allowDeselect={false}
          onChange={(v) => {
            const scope = (v ?? 'organization') as RoleScope;
            onChange({ key: row.key, scope, scopeId: '', role: SCOPE_ROLES[scope][0] ?? 'admin' });
          }}
        />
        <Select
          label={t('adminUsers.scopeItem')}
          aria-label={`${t('adminUsers.scopeItem')} (${n})`}
          name={`roles.${index}.scopeId`}
          required
          data={data}
          searchable
          nothingFoundMessage={MESSAGES.noOptions}
          value={row.scopeId || null}
          onChange={(v) => onChange({ ...row, scopeId: v ?? '', scopeName: undefined })}
          error={errors?.scopeId}
        />
        <Select
          label={t('adminUsers.role')}
          aria-label={`${t('adminUsers.role')} (${n})`}
          data={SCOPE_ROLES[row.scope].map((r) => ({ value: r, label: t(`adminUsers.roleNames.${r}`) }))}
          value={row.role}
          allowDeselect={false}
          onChange={(v) => onChange({ ...row, role: v ?? row.role })}
          error={errors?.role}
        />
      </SimpleGrid>
      <ActionIcon variant="subtle" color="red" mt={26} aria-label={t('adminUsers.removeRole', { index: n })} onClick={onRemove}>
        <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </ActionIcon>
    </Group>
  );
}

export function AdminUserForm({ record, onClose }: { record: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation('tenancy');
  const { save, saving } = useEntitySave<AdminUser, AdminUserBody>('admin-users', record?.id);
  const [rows, setRows] = useState<RoleRow[]>(() => (record?.roles ?? []).map((r, key) => ({ ...r, key })));
  const [nextKey, setNextKey] = useState(rows.length);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const form = useForm(
    { firstName: record?.firstName ?? '', lastName: record?.lastName ?? '', email: record?.email ?? '' },
    (v) => ({
      firstName: schemaMessage(requiredString(SHORT_TEXT_MAX_LENGTH), v.firstName),
      lastName: schemaMessage(requiredString(SHORT_TEXT_MAX_LENGTH), v.lastName),
      email: schemaMessage(emailSchema, v.email),
    }),
  );

  const validateRows = (): boolean => {
    const errors: RowErrors = {};
    rows.forEach((r, i) => {
      if (!r.scopeId) errors[i] = { scopeId: MESSAGES.pleaseSelectValue };
    });
    setRowErrors(errors);
    const first = Object.keys(errors)[0];
    if (first !== undefined) form.formRef.current?.querySelector<HTMLElement>(`[name="roles.${first}.scopeId"]`)?.focus();
    return first === undefined;
  };

  /** Server errors such as 'roles.1.scopeId' go onto the row; the rest onto the inputs. */
  const showServerErrors = (fields: Record<string, string> | undefined): boolean => {
    if (!fields) return false;
    const byRow: RowErrors = {};
    const rest: Record<string, string> = {};
    for (const [path, message] of Object.entries(fields)) {
      const m = /^roles\.(\d+)\.(scopeId|role|scope)$/.exec(path);
      if (m) byRow[Number(m[1])] = { ...byRow[Number(m[1])], [m[2] === 'role' ? 'role' : 'scopeId']: message };
      else rest[path] = message;
    }
    setRowErrors(byRow);
    const shown = form.showServerErrors(rest);
    return shown || Object.keys(byRow).length > 0;
  };

  const submit = form.onSubmit(async (v) => {
    if (!validateRows()) return;
    const body: AdminUserBody = {
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim(),
      roles: rows.map(({ scope, scopeId, role }) => ({ scope, scopeId, role })),
    };
    try {
      await save(body);
      toast.success(t(record ? 'adminUsers.saved' : 'adminUsers.created', { name: `${body.firstName} ${body.lastName}` }));
      onClose();
    } catch (error) {
      reportSaveError(error, showServerErrors, t('common.saveFailed'));
    }
  });

  const addRow = () => {
    setRows((r) => [...r, { key: nextKey, scope: 'organization', scopeId: '', role: 'admin' }]);
    setNextKey((k) => k + 1);
  };

  return (
    <FormModal
      title={t(record ? 'adminUsers.editTitle' : 'adminUsers.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      formRef={form.formRef}
      submitLabel={t(record ? 'common.save' : 'common.create')}
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('adminUsers.firstName')} required autoComplete="off" data-autofocus {...form.inputProps('firstName')} />
        <TextInput label={t('adminUsers.lastName')} required autoComplete="off" {...form.inputProps('lastName')} />
      </SimpleGrid>
      <TextInput
        label={t('adminUsers.email')}
        type="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        autoComplete="off"
        description={record ? undefined : t('adminUsers.passwordEmailNote')}
        {...form.inputProps('email')}
      />
      <Fieldset legend={t('adminUsers.rolesLegend')} variant="filled">
        <Text size="sm" c="dimmed" mb="sm">
          {rows.length ? t('adminUsers.rolesHint') : t('adminUsers.noRoles')}
        </Text>
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row, i) => (
            <RoleRowFields
              key={row.key}
              row={row}
              index={i}
              errors={rowErrors[i]}
              onChange={(next) => {
                setRows((all) => all.map((r) => (r.key === row.key ? next : r)));
                setRowErrors((e) => ({ ...e, [i]: {} }));
              }}
              onRemove={() => {
                setRows((all) => all.filter((r) => r.key !== row.key));
                setRowErrors({});
              }}
            />
          ))}
        </Stack>
        <Button variant="light" size="xs" mt="sm" onClick={addRow}>
          {t('adminUsers.addRole')}
        </Button>
      </Fieldset>
    </FormModal>
  );
}
