import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ModerationDecision } from './api';
import type { ModeratorQuestion } from './queue';

/** An edit's text before and after, a reply's text; nothing for the other decisions. */
function detailOf(d: ModerationDecision): string {
  return d.action === 'EDIT_AND_APPROVE' ? `“${d.before ?? ''}” → “${d.after ?? ''}”` : (d.after ?? '');
}

/** Every moderation decision of an instance, newest first, with who and when (event admins). */
export function DecisionsLog({
  decisions,
  questions,
}: {
  decisions: readonly ModerationDecision[];
  questions: readonly ModeratorQuestion[];
}) {
  const { t } = useTranslation('moderation');
  const textOf = new Map(questions.map((q) => [q.id, q.text]));
  // Only edits and replies carry a detail: without any, the column would be empty noise.
  const showDetail = decisions.some((d) => detailOf(d) !== '');
  return (
    <Stack gap="xs" component="section" aria-labelledby="decisions-title">
      <Text component="h2" id="decisions-title" fw={700} fz="lg">
        {t('decisions.title')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('decisions.intro')}
      </Text>
      {decisions.length === 0 ? (
        <Text role="status" c="dimmed">
          {t('decisions.empty')}
        </Text>
      ) : (
        // A region the keyboard can reach: on a phone the table scrolls sideways (WCAG 2.1.1).
        <div role="region" aria-label={t('decisions.table')} tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table striped withTableBorder miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('decisions.when')}</Table.Th>
                <Table.Th>{t('decisions.who')}</Table.Th>
                <Table.Th>{t('decisions.what')}</Table.Th>
                <Table.Th>{t('decisions.question')}</Table.Th>
                {showDetail ? <Table.Th>{t('decisions.detail')}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {decisions.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{new Date(d.at).toLocaleString()}</Table.Td>
                  <Table.Td>{d.by}</Table.Td>
                  <Table.Td>{t(`decisions.action.${d.action}`)}</Table.Td>
                  <Table.Td>{textOf.get(d.questionId) ?? d.before ?? ''}</Table.Td>
                  {showDetail ? <Table.Td>{detailOf(d)}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}
