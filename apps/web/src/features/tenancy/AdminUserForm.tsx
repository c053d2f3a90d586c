import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { emailSchema, EMAIL_MAX_LENGTH, MESSAGES, NAME_MAX_LENGTH, requiredString } from '@plenary/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaMessage, useForm } from '../../shared/forms/useForm';
import { useOptions, type RemoteOptions } from '../../shared/list';
import { FormModal, useEntitySave } from '../../shared/forms/EntityForm';
import { eventHubOptions, eventOptions, organizationOptions } from './options';
import { ROLE_SCOPES, SCOPE_ROLES, type AdminRole, type RoleScope } from '@plenary/domain';
import type { AdminUser, RoleAssignment } from './types';

export interface AdminUserBody {
  firstName: string;
  lastName: string;
  email: string;
  roles: { scope: RoleScope; scopeId: string; role: AdminRole }[];
}
/** PATCH: the e-mail address cannot change. */
export type AdminUserUpdate = Omit<AdminUserBody, 'email'>;

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
      <ActionIcon
        variant="subtle"
        color="red"
        mt={26}
        aria-label={t('adminUsers.removeRole', { index: n })}
        onClick={onRemove}
      >
        <svg
          width={16}
          height={16}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </ActionIcon>
    </Group>
  );
}

export function AdminUserForm({ record, onClose }: { record: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation('tenancy');
  const { saveAndClose, saving } = useEntitySave<AdminUser, AdminUserBody | AdminUserUpdate>(
    'admin-users',
    'adminUsers',
    record,
    onClose,
  );
  // A new admin user starts with one (empty) role: the API wants at least one.
  const [rows, setRows] = useState<RoleRow[]>(() =>
    record
      ? record.roles.map((r, key) => ({ ...r, key }))
      : [{ key: 0, scope: 'organization', scopeId: '', role: 'admin' }],
  );
  const [rolesError, setRolesError] = useState<string | undefined>();
  const [nextKey, setNextKey] = useState(rows.length);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const form = useForm(
    { firstName: record?.firstName ?? '', lastName: record?.lastName ?? '', email: record?.email ?? '' },
    (v) => ({
      firstName: schemaMessage(requiredString(NAME_MAX_LENGTH), v.firstName),
      lastName: schemaMessage(requiredString(NAME_MAX_LENGTH), v.lastName),
      email: schemaMessage(emailSchema, v.email),
    }),
  );

  const validateRows = (): boolean => {
    setRolesError(rows.length ? undefined : MESSAGES.required);
    if (!rows.length) return false;
    const errors: RowErrors = {};
    rows.forEach((r, i) => {
      if (!r.scopeId) errors[i] = { scopeId: MESSAGES.pleaseSelectValue };
    });
    setRowErrors(errors);
    const first = Object.keys(errors)[0];
    if (first !== undefined)
      form.formRef.current?.querySelector<HTMLElement>(`[name="roles.${first}.scopeId"]`)?.focus();
    return first === undefined;
  };

  /** Server errors such as 'roles.1.scopeId' go onto the row; the rest onto the inputs. */
  const showServerErrors = (fields: Record<string, string> | undefined): boolean => {
    if (!fields) return false;
    const byRow: RowErrors = {};
    const rest: Record<string, string> = {};
    for (const [path, message] of Object.entries(fields)) {
      const m = /^roles\.(\d+)\.(scopeId|role|scope)$/.exec(path);
      if (m)
        byRow[Number(m[1])] = { ...byRow[Number(m[1])], [m[2] === 'role' ? 'role' : 'scopeId']: message };
      else if (path === 'roles') setRolesError(message);
      else rest[path] = message;
    }
    setRowErrors(byRow);
    const shown = form.showServerErrors(rest);
    return shown || Object.keys(byRow).length > 0 || 'roles' in fields;
  };

  const submitFields = form.onSubmit(async (v) => {
    if (!validateRows()) return;
    const update: AdminUserUpdate = {
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      roles: rows.map(({ scope, scopeId, role }) => ({ scope, scopeId, role })),
    };
    const body = record ? update : { ...update, email: v.email.trim() };
    await saveAndClose(body, {
      toastValues: { name: `${body.firstName} ${body.lastName}` },
      showServerErrors: showServerErrors,
    });
  });

  // Check the role rows too when other fields are invalid, so every problem shows at once
  // (the fields' check runs second and moves focus to the first invalid field).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    validateRows();
    submitFields(event);
  };

  const addRow = () => {
    setRows((r) => [...r, { key: nextKey, scope: 'organization', scopeId: '', role: 'admin' }]);
    setNextKey((k) => k + 1);
    setRolesError(undefined);
  };

  return (
    <FormModal
      entity="adminUsers"
      isNew={!record}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      formRef={form.formRef}
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('adminUsers.firstName')}
          required
          maxLength={NAME_MAX_LENGTH}
          autoComplete="off"
          data-autofocus
          {...form.inputProps('firstName')}
        />
        <TextInput
          label={t('adminUsers.lastName')}
          required
          maxLength={NAME_MAX_LENGTH}
          autoComplete="off"
          {...form.inputProps('lastName')}
        />
      </SimpleGrid>
      <TextInput
        label={t('adminUsers.email')}
        type="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        autoComplete="off"
        description={record ? t('adminUsers.emailFixed') : t('adminUsers.passwordEmailNote')}
        readOnly={record !== null}
        {...form.inputProps('email')}
      />
      <Fieldset
        legend={t('adminUsers.rolesLegend')}
        variant="filled"
        aria-describedby={rolesError ? 'admin-user-roles-error' : undefined}
      >
        <Text size="sm" c="dimmed" mb="sm">
          {t('adminUsers.rolesHint')}
        </Text>
        {rolesError && (
          <Text id="admin-user-roles-error" size="sm" c="red" mb="sm" role="alert">
            {rolesError}
          </Text>
        )}
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
