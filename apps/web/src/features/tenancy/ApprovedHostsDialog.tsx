import { ActionIcon, Alert, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { approvedHostInputSchema, type ApprovedHost } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { useApiMutation, useApiQuery } from '../../shared/api/query';
import { schemaMessage, useForm } from '../../shared/forms/useForm';
import { listKey } from '../../shared/list';
import { BusyButton } from '../../shared/ui/BusyButton';
import { toast } from '../../shared/ui/toast';
import type { Organization } from './types';
import { formatDay, viewerClock } from '../../shared/time/format';

/**
 * The super admin's approvals of an organisation's hosts (docs/guides/super-admin.md): only these
 * may be listed in its single sign-on hosts, and e-mail links use them for its own people only.
 */
export function ApprovedHostsDialog({
  organization,
  onClose,
}: {
  organization: Organization;
  onClose: () => void;
}) {
  const { t } = useTranslation('tenancy');
  const path = `organizations/${organization.id}/approved-hosts`;
  const client = useQueryClient();
  const hosts = useApiQuery<{ records: ApprovedHost[]; total: number }>(path);
  // Revoking also drops the host from the organisation's SSO hosts, which the organisations list shows.
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [path] }),
      client.invalidateQueries({ queryKey: listKey('organizations') }),
    ]);
  const [key, setKey] = useState(newIdempotencyKey);
  const approve = useApiMutation<ApprovedHost, string>(
    (host) => ({ path, method: 'POST', body: { host }, idempotencyKey: key }),
    { onSuccess: refresh },
  );
  const revoke = useApiMutation<null, string>(
    (host) => ({ path: `${path}/${encodeURIComponent(host)}`, method: 'DELETE' }),
    { onSuccess: refresh },
  );
  const form = useForm({ host: '' }, (v) => ({
    host: schemaMessage(approvedHostInputSchema.shape.host, v.host),
  }));

  const submit = form.onSubmit(async (v) => {
    try {
      const added = await approve.mutateAsync(v.host);
      toast.success(t('approvedHosts.approved', { host: added.host }));
      form.setValue('host', '');
      setKey(newIdempotencyKey());
    } catch (error) {
      if (!(isApiError(error) && form.showServerErrors(error.fields)))
        toast.error(isApiError(error) ? error.message : t('common.saveFailed'));
    }
  });

  const remove = async (host: string) => {
    try {
      await revoke.mutateAsync(host);
      toast.success(t('approvedHosts.revoked', { host }));
      // The row and its button are gone: keep the keyboard focus in the dialog.
      form.formRef.current?.querySelector<HTMLInputElement>('input[name="host"]')?.focus();
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('approvedHosts.revokeFailed'));
    }
  };

  const records = hosts.data?.records ?? [];
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        <Text fw={600} size="lg" component="span">
          {t('approvedHosts.title', { name: organization.name })}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('approvedHosts.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('approvedHosts.intro')}</Text>
        <section aria-labelledby="approved-hosts-list">
          <Text id="approved-hosts-list" fw={600} size="sm" mb="xs" component="h3">
            {t('approvedHosts.listHeading', { count: records.length })}
          </Text>
          {hosts.isPending ? (
            <Loader size="sm" role="status" aria-label={t('approvedHosts.loading')} />
          ) : hosts.isError ? (
            <Alert color="red" role="alert">
              {hosts.error.message}
            </Alert>
          ) : records.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('approvedHosts.empty')}
            </Text>
          ) : (
            <Stack component="ul" gap={4} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {records.map((r) => (
                <Group component="li" key={r.host} justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="sm" ff="monospace">
                      {r.host}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.approvedBy
                        ? t('approvedHosts.approvedBy', {
                            name: `${r.approvedBy.firstName} ${r.approvedBy.lastName}`.trim(),
                            date: formatDay(r.approvedAt, viewerClock()),
                          })
                        : t('approvedHosts.approvedOn', {
                            date: formatDay(r.approvedAt, viewerClock()),
                          })}
                    </Text>
                  </div>
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    aria-label={t('approvedHosts.revoke', { host: r.host })}
                    title={t('approvedHosts.revoke', { host: r.host })}
                    onClick={() => void remove(r.host)}
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
              ))}
            </Stack>
          )}
        </section>
        <form ref={form.formRef} onSubmit={submit} noValidate aria-busy={approve.isPending}>
          <Stack gap="sm">
            <TextInput
              label={t('approvedHosts.hostLabel')}
              description={t('approvedHosts.hostHint')}
              placeholder="events.example.com"
              autoComplete="off"
              spellCheck={false}
              required
              data-autofocus
              {...form.inputProps('host')}
            />
            <Group justify="flex-end">
              <BusyButton type="submit" busy={approve.isPending}>
                {t('approvedHosts.approve')}
              </BusyButton>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
