import { Button } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResourceListPage } from '../../shared/list';
import { ConfirmDelete, DeleteButton, RowActions, useDeleteDialog } from '../../shared/ui/ConfirmDelete';
import { EventRequired } from '../../shared/ui/EventRequired';
import { CopyButton } from '../../shared/ui/CopyButton';
import { EditButton } from '../../shared/forms/EntityForm';
import { useNavigate } from 'react-router';
import { NEW_TOOL_ROUTE, toolCopyPath, toolRoute, useRefreshTools, type ToolRow } from './api';
import { toolsResource } from './toolsResource';

/** Copies a tool (`POST …/copy`: '<name> (copy)', without instances) and says 'Copied: <name>'. */
function CopyToolButton({ eventId, tool }: { eventId: string; tool: ToolRow }) {
  const { t } = useTranslation('engagement');
  const refresh = useRefreshTools(eventId);
  return (
    <CopyButton
      label={t('tools.copy', { name: tool.name })}
      name={tool.name}
      path={toolCopyPath(eventId, tool.id)}
      failedText={t('tools.copyFailed')}
      onCopied={refresh}
    />
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
            <CopyToolButton eventId={eventId} tool={tool} />
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
