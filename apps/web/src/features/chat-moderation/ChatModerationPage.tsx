import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CHAT_GROUP_CAP_MAX, type ChatSettings } from '@plenary/domain';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateTime, defineResource, ResourceListPage } from '../../shared/list';
import { useUserState } from '../../shared/session/hooks';
import { BusyButton } from '../../shared/ui/BusyButton';
import { FormDialog } from '../../shared/ui/FormDialog';
import { MoreIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import {
  chatModerationPaths,
  useChatPeople,
  useChatSettings,
  useResolveReport,
  useSaveChatSettings,
  useSetBlacklisted,
  type BlacklistEntryView,
  type ChatReportView,
} from './api';

const STATUS_COLOR = { OPEN: 'orange', HIDDEN: 'gray', DISMISSED: 'blue' } as const;

function reportsResource(eventId: string) {
  return defineResource<ChatReportView>({
    key: `chat-reports-${eventId}`,
    path: chatModerationPaths.reports(eventId),
    exportable: false,
    searchPlaceholderKey: 'chat:moderation.columns.messageText',
    rowLabel: (r) => r.messageText,
    filters: [
      {
        kind: 'select',
        id: 'status',
        labelKey: 'chat:moderation.statusFilter',
        options: (['OPEN', 'HIDDEN', 'DISMISSED'] as const).map((s) => ({
          value: s,
          labelKey: `chat:moderation.status.${s}`,
        })),
      },
    ],
    columns: [
      {
        id: 'createdAt',
        header: 'chat:moderation.columns.createdAt',
        sortField: 'createdAt',
        width: 190,
        cell: (r) => <DateTime value={r.createdAt} />,
      },
      {
        id: 'messageText',
        header: 'chat:moderation.columns.messageText',
        width: 250,
        cell: (r) => (
          <Text
            size="sm"
            lineClamp={3}
            c={r.messageHidden ? 'dimmed' : undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            {r.messageText}
          </Text>
        ),
      },
      {
        id: 'senderName',
        header: 'chat:moderation.columns.senderName',
        width: 140,
        cell: (r) => r.senderName,
      },
      {
        id: 'reporterName',
        header: 'chat:moderation.columns.reporterName',
        width: 140,
        cell: (r) => r.reporterName,
      },
      { id: 'reason', header: 'chat:moderation.columns.reason', width: 170, cell: (r) => r.reason },
      {
        id: 'status',
        header: 'chat:moderation.columns.status',
        sortField: 'status',
        width: 110,
        cell: (r) => <StatusBadge status={r.status} />,
      },
    ],
  });
}

function StatusBadge({ status }: { status: ChatReportView['status'] }) {
  const { t } = useTranslation('chat');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`moderation.status.${status}`)}
    </Badge>
  );
}

function blacklistResource(eventId: string) {
  return defineResource<BlacklistEntryView>({
    key: `chat-blacklist-${eventId}`,
    path: chatModerationPaths.blacklist(eventId),
    exportable: false,
    searchPlaceholderKey: 'chat:moderation.columns.name',
    getRowId: (b) => b.participantId,
    rowLabel: (b) => b.name,
    columns: [
      {
        id: 'name',
        header: 'chat:moderation.columns.name',
        sortField: 'name',
        width: 220,
        cell: (b) => b.name,
      },
      {
        id: 'email',
        header: 'chat:moderation.columns.email',
        sortField: 'email',
        width: 260,
        cell: (b) => b.email,
      },
      {
        id: 'createdAt',
        header: 'chat:moderation.columns.blacklistedAt',
        sortField: 'createdAt',
        width: 180,
        cell: (b) => <DateTime value={b.createdAt} />,
      },
    ],
  });
}

const TABS = ['reports', 'blacklist', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** `/networking/chat`: reported messages, the chat blacklist and the event's chat settings. */
export function ChatModerationPage() {
  const { t } = useTranslation('chat');
  usePageTitle(t('moderation.title'));
  const eventId = useUserState().userData?.selectedEventId ?? null;
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === search.get('tab')) ?? 'reports';
  const setTab = (value: string | null) =>
    setSearch(
      () => {
        const next = new URLSearchParams();
        if (value && value !== 'reports') next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  if (!eventId) return <Text role="status">{t('moderation.title')}</Text>;
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('moderation.title')}
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="reports">{t('moderation.reports')}</Tabs.Tab>
          <Tabs.Tab value="blacklist">{t('moderation.blacklist')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('moderation.settings')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reports" pt="md">
          <Reports eventId={eventId} />
        </Tabs.Panel>
        <Tabs.Panel value="blacklist" pt="md">
          <Blacklist eventId={eventId} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <Settings eventId={eventId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Reports({ eventId }: { eventId: string }) {
  const { t } = useTranslation('chat');
  const resource = useMemo(() => reportsResource(eventId), [eventId]);
  const resolve = useResolveReport(eventId);
  const blacklist = useSetBlacklisted(eventId);
  return (
    <ResourceListPage
      key={resource.key}
      resource={resource}
      section
      title={t('moderation.reports')}
      empty={{ title: t('moderation.noReports') }}
      rowActions={(r) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('moderation.actionsFor', { text: r.messageText.slice(0, 60) })}
            >
              <MoreIcon size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {!r.messageHidden && (
              <Menu.Item
                color="red"
                onClick={() =>
                  resolve.mutate(
                    { reportId: r.id, action: 'HIDE' },
                    {
                      onSuccess: () => toast.success(t('moderation.hidden')),
                      onError: (e) => toast.error(e.message),
                    },
                  )
                }
              >
                {t('moderation.hide')}
              </Menu.Item>
            )}
            {r.status === 'OPEN' && (
              <Menu.Item
                onClick={() =>
                  resolve.mutate(
                    { reportId: r.id, action: 'DISMISS' },
                    {
                      onSuccess: () => toast.success(t('moderation.dismissed')),
                      onError: (e) => toast.error(e.message),
                    },
                  )
                }
              >
                {t('moderation.dismiss')}
              </Menu.Item>
            )}
            {r.senderParticipantId && (
              <Menu.Item
                onClick={() =>
                  blacklist.mutate(
                    { participantId: r.senderParticipantId!, on: true },
                    {
                      onSuccess: () => toast.success(t('moderation.blacklisted', { name: r.senderName })),
                      onError: (e) => toast.error(e.message),
                    },
                  )
                }
              >
                {t('moderation.blacklistSender')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    />
  );
}

function Blacklist({ eventId }: { eventId: string }) {
  const { t } = useTranslation('chat');
  const resource = useMemo(() => blacklistResource(eventId), [eventId]);
  const set = useSetBlacklisted(eventId);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <ResourceListPage
        key={resource.key}
        resource={resource}
        section
        title={t('moderation.blacklist')}
        actions={<Button onClick={() => setAdding(true)}>{t('moderation.addToBlacklist')}</Button>}
        empty={{ title: t('moderation.noBlacklist') }}
        rowActions={(b) => (
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t('moderation.remove', { name: b.name })}
            onClick={() =>
              set.mutate(
                { participantId: b.participantId, on: false },
                {
                  onSuccess: () => toast.success(t('moderation.removed', { name: b.name })),
                  onError: (e) => toast.error(e.message),
                },
              )
            }
          >
            {t('moderation.removeShort')}
          </Button>
        )}
      />
      {adding && <AddToBlacklist eventId={eventId} onClose={() => setAdding(false)} />}
    </>
  );
}

function AddToBlacklist({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [picked, setPicked] = useState<string | null>(null);
  const people = useChatPeople(eventId, debounced.trim());
  const set = useSetBlacklisted(eventId);
  const options = (people.data?.records ?? []).map((p) => ({
    value: p.participantId,
    label: `${p.firstName} ${p.lastName}`.trim(),
  }));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!picked) return;
    const name = options.find((o) => o.value === picked)?.label ?? '';
    set.mutate(
      { participantId: picked, on: true },
      {
        onSuccess: () => {
          toast.success(t('moderation.blacklisted', { name }));
          onClose();
        },
        onError: (err) => toast.error(err.message),
      },
    );
  };
  return (
    <FormDialog
      title={t('moderation.addToBlacklist')}
      submitLabel={t('moderation.blacklistAdd')}
      onClose={onClose}
      onSubmit={submit}
      saving={set.isPending}
      size="md"
    >
      <Select
        label={t('moderation.pickParticipant')}
        placeholder={t('moderation.pickHint')}
        searchable
        required
        data={options}
        value={picked}
        onChange={setPicked}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: o }) => o}
        nothingFoundMessage={t('pick.none')}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
    </FormDialog>
  );
}

function Settings({ eventId }: { eventId: string }) {
  const { t } = useTranslation('chat');
  const settings = useChatSettings(eventId);
  const save = useSaveChatSettings(eventId);
  const [form, setForm] = useState<ChatSettings | null>(null);
  useEffect(() => {
    if (settings.data) setForm(settings.data);
  }, [settings.data]);
  if (settings.isError) return <LoadError onRetry={() => void settings.refetch()} />;
  if (!form)
    return (
      <Stack role="status" aria-label={t('moderation.settings')} gap="sm">
        <Skeleton h={40} />
        <Skeleton h={40} />
      </Stack>
    );
  return (
    <Paper withBorder p="md" radius="md" maw={560}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(form, {
            onSuccess: () => toast.success(t('moderation.saved')),
            onError: (err) => toast.error(err.message),
          });
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="xl">
            {t('moderation.settings')}
          </Title>
          <Switch
            label={t('moderation.enabled')}
            description={t('moderation.enabledHint')}
            checked={form.enabled}
            onChange={(e) => setForm({ ...form, enabled: e.currentTarget.checked })}
          />
          <Switch
            label={t('moderation.sessionChats')}
            description={t('moderation.sessionChatsHint')}
            checked={form.sessionChats}
            onChange={(e) => setForm({ ...form, sessionChats: e.currentTarget.checked })}
          />
          <NumberInput
            label={t('moderation.groupCap')}
            min={2}
            max={CHAT_GROUP_CAP_MAX}
            allowDecimal={false}
            value={form.groupMemberCap}
            onChange={(v) => setForm({ ...form, groupMemberCap: typeof v === 'number' ? v : 2 })}
            error={save.error?.fields?.groupMemberCap}
            maw={200}
          />
          <Group>
            <BusyButton type="submit" busy={save.isPending}>
              {t('moderation.save')}
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
