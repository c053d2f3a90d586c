import { Fieldset, PasswordInput, Select, TagsInput, Text, TextInput } from '@mantine/core';
import {
  isUrl,
  MESSAGES,
  ORGANIZATION_STATUSES,
  requiredString,
  SHORT_TEXT_MAX_LENGTH,
  type OrganizationStatus,
} from '@plenary/domain';
import { useTranslation } from 'react-i18next';
import { schemaMessage, useForm } from '../../shared/forms/useForm';
import { FormModal, useEntitySave } from '../../shared/forms/EntityForm';
import type { Organization } from './types';

export interface OrganizationBody {
  name: string;
  settings: { status: OrganizationStatus };
  /** null removes single sign-on; an omitted clientSecret keeps the saved one. */
  sso: { issuer: string; clientId: string; clientSecret?: string; hosts: string[] } | null;
}

const FIELD_MAP = {
  'settings.status': 'status',
  'sso.issuer': 'issuer',
  'sso.clientId': 'clientId',
  'sso.clientSecret': 'clientSecret',
  'sso.hosts': 'hosts',
  sso: 'issuer',
};
/** Hosts travel through the string-only form as one comma-separated value. */
const splitHosts = (v: string) =>
  v
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

export function OrganizationForm({ record, onClose }: { record: Organization | null; onClose: () => void }) {
  const { t } = useTranslation('tenancy');
  const hasSecret = record?.sso?.hasSecret ?? false;
  const { saveAndClose, saving } = useEntitySave<Organization, OrganizationBody>(
    'organizations',
    'organizations',
    record,
    onClose,
  );
  const form = useForm(
    {
      name: record?.name ?? '',
      status: record?.settings.status ?? 'DRAFT',
      issuer: record?.sso?.issuer ?? '',
      clientId: record?.sso?.clientId ?? '',
      clientSecret: '',
      hosts: (record?.sso?.hosts ?? []).join(','),
    },
    (v) => {
      const sso =
        v.issuer.trim() !== '' || v.clientId.trim() !== '' || v.clientSecret !== '' || v.hosts !== '';
      return {
        name: schemaMessage(requiredString(SHORT_TEXT_MAX_LENGTH), v.name),
        status: v.status ? undefined : MESSAGES.pleaseSelectValue,
        issuer: !sso
          ? undefined
          : v.issuer.trim() === ''
            ? MESSAGES.required
            : isUrl(v.issuer.trim())
              ? undefined
              : MESSAGES.invalidUrl,
        clientId: sso && v.clientId.trim() === '' ? MESSAGES.required : undefined,
        clientSecret: sso && !hasSecret && v.clientSecret === '' ? MESSAGES.required : undefined,
        hosts: sso && splitHosts(v.hosts).length === 0 ? MESSAGES.required : undefined,
      };
    },
  );

  const submit = form.onSubmit(async (v) => {
    const issuer = v.issuer.trim();
    const body: OrganizationBody = {
      name: v.name.trim(),
      settings: { status: v.status as OrganizationStatus },
      sso: issuer
        ? {
            issuer,
            clientId: v.clientId.trim(),
            hosts: splitHosts(v.hosts),
            ...(v.clientSecret ? { clientSecret: v.clientSecret } : {}),
          }
        : null,
    };
    await saveAndClose(body, {
      toastValues: { name: body.name },
      showServerErrors: form.showServerErrors,
      fieldMap: FIELD_MAP,
    });
  });

  return (
    <FormModal
      entity="organizations"
      isNew={!record}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      formRef={form.formRef}
    >
      <TextInput
        label={t('common.name')}
        required
        maxLength={SHORT_TEXT_MAX_LENGTH}
        data-autofocus
        {...form.inputProps('name')}
      />
      <Select
        label={t('organizations.statusLabel')}
        required
        name="status"
        data={ORGANIZATION_STATUSES.map((s) => ({ value: s, label: t(`organizations.status.${s}`) }))}
        value={form.values.status}
        onChange={(v) => form.setValue('status', v ?? '')}
        error={form.errors.status}
        allowDeselect={false}
      />
      <Fieldset legend={t('organizations.sso.legend')} variant="filled">
        <Text size="sm" c="dimmed" mb="sm">
          {t('organizations.sso.description')}
        </Text>
        <TextInput
          label={t('organizations.sso.issuer')}
          type="url"
          placeholder="https://login.example.com"
          mb="sm"
          {...form.inputProps('issuer')}
        />
        <TextInput
          label={t('organizations.sso.clientId')}
          mb="sm"
          autoComplete="off"
          {...form.inputProps('clientId')}
        />
        <TagsInput
          label={t('organizations.sso.hosts')}
          description={t('organizations.sso.hostsHint')}
          placeholder="cms.example.com"
          name="hosts"
          mb="sm"
          value={splitHosts(form.values.hosts)}
          onChange={(hosts) => form.setValue('hosts', hosts.join(','))}
          error={form.errors.hosts}
          splitChars={[',', ' ']}
          clearable
        />
        <PasswordInput
          label={t('organizations.sso.clientSecret')}
          description={hasSecret ? t('organizations.sso.secretKept') : t('organizations.sso.secretHint')}
          autoComplete="new-password"
          {...form.inputProps('clientSecret')}
        />
      </Fieldset>
    </FormModal>
  );
}
