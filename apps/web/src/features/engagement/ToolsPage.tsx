import { ActionIcon, Button } from '@mantine/core';
import { copied } from '@plenary/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import { ResourceListPage } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { toast } from '../../shared/ui/toast';
import { EditButton } from '../../shared/forms/EntityForm';
import { useNavigate } from 'react-router';
import { NEW_TOOL_ROUTE, toolCopyPath, toolRoute, useRefreshTools, type ToolRow } from './api';
import { toolsResource } from './toolsResource';

function CopyIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </svg>
  );
}

/** Copies a tool (`POST …/copy`: '<name> (copy)', without instances) and says 'Copied: <name>'. */
function CopyButton({ eventId, tool }: { eventId: string; tool: ToolRow }) {
  const { t } = useTranslation('engagement');
  const refresh = useRefreshTools(eventId);
  const [busy, setBusy] = useState(false);
  const label = t('tools.copy', { name: tool.name });
  return (
    <ActionIcon
      variant="subtle"
      aria-label={label}
      title={label}
      loading={busy}
      onClick={() => {
        setBusy(true);
        apiFetch<ToolRow>(toolCopyPath(eventId, tool.id), { method: 'POST' })
          .then(async () => {
            toast.success(copied(tool.name));
            await refresh();
          })
          .catch((error: unknown) =>
            toast.error(isApiError(error) && error.message ? error.message : t('tools.copyFailed')),
          )
          .finally(() => setBusy(false));
      }}
    >
      <CopyIcon />
    </ActionIcon>
  );
}

function ToolsOfEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('engagement');
  const navigate = useNavigate();
  const deleting = useDeleteDialog<ToolRow>();
  const resource = useMemo(() => toolsResource(eventId), [eventId]);
  const add = (
    <Button component={Link} to={NEW_TOOL_ROUTE}>
      {t('tools.add')}
    </Button>
  );
  return (
    <>
      <ResourceListPage
        resource={resource}
        title={t('tools.title')}
        actions={add}
        rowActions={(tool) => (
          <RowActions>
            <EditButton name={tool.name} onClick={() => void navigate(toolRoute(tool.id))} />
            <CopyButton eventId={eventId} tool={tool} />
            <DeleteButton
              label={t('tools.delete.button', { name: tool.name })}
              onClick={() => deleting.open(tool)}
            />
          </RowActions>
        )}
        empty={{ title: t('tools.empty'), description: t('tools.emptyText'), action: add }}
      />
      {deleting.record && (
        <ConfirmDelete
          path={resource.path}
          id={deleting.record.id}
          title={t('tools.delete.title')}
          message={t('tools.delete.text', { name: deleting.record.name })}
          confirmLabel={t('tools.delete.confirm')}
          successMessage={t('tools.delete.deleted', { name: deleting.record.name })}
          onClose={deleting.close}
        />
      )}
    </>
  );
}

/** `/engagement`: the selected event's Engagement tools. */
export function ToolsPage() {
  return <EventRequired>{(eventId) => <ToolsOfEvent key={eventId} eventId={eventId} />}</EventRequired>;
}
