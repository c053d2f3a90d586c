import { Checkbox, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  APP_VERSION_MAX_LENGTH,
  APP_VERSION_PLATFORMS,
  appVersionStringSchema,
  type AppVersionPlatform,
} from '@plenary/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaMessage, useForm } from '../../shared/forms/useForm';
import { FormModal, useEntitySave } from '../../shared/forms/EntityForm';
import type { AppVersion } from './types';

export interface AppVersionBody {
  platform: AppVersionPlatform;
  version: string;
  isRequired: boolean;
}

export function AppVersionForm({ record, onClose }: { record: AppVersion | null; onClose: () => void }) {
  const { t } = useTranslation('tenancy');
  const platformLabel = useId();
  const { saveAndClose, saving } = useEntitySave<AppVersion, AppVersionBody>(
    'app-versions',
    'appVersions',
    record,
    onClose,
  );
  const form = useForm(
    {
      platform: record?.platform ?? APP_VERSION_PLATFORMS[0],
      version: record?.version ?? '',
      isRequired: record?.isRequired ? 'true' : 'false',
    },
    (v) => ({ version: schemaMessage(appVersionStringSchema, v.version) }),
  );

  const submit = form.onSubmit(async (v) => {
    const body: AppVersionBody = {
      platform: v.platform as AppVersionPlatform,
      version: v.version.trim(),
      isRequired: v.isRequired === 'true',
    };
    await saveAndClose(body, {
      toastValues: { platform: body.platform, version: body.version },
      showServerErrors: form.showServerErrors,
    });
  });

  return (
    <FormModal
      entity="appVersions"
      isNew={!record}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      formRef={form.formRef}
      size="md"
    >
      <Stack gap={4}>
        <Text id={platformLabel} size="sm" fw={500}>
          {t('appVersions.platform')}
        </Text>
        <SegmentedControl
          aria-labelledby={platformLabel}
          data={APP_VERSION_PLATFORMS.map((p) => ({ value: p, label: p }))}
          value={form.values.platform}
          onChange={(v) => form.setValue('platform', v)}
        />
      </Stack>
      <TextInput
        label={t('appVersions.version')}
        description={t('appVersions.versionHint')}
        required
        maxLength={APP_VERSION_MAX_LENGTH}
        data-autofocus
        {...form.inputProps('version')}
      />
      <Checkbox
        name="isRequired"
        label={t('appVersions.isRequired')}
        description={t('appVersions.isRequiredHint')}
        checked={form.values.isRequired === 'true'}
        onChange={(e) => form.setValue('isRequired', e.currentTarget.checked ? 'true' : 'false')}
      />
    </FormModal>
  );
}
