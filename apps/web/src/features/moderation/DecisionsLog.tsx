import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ModerationDecision } from './api';
import type { ModeratorQuestion } from './queue';

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
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('decisions.when')}</Table.Th>
                <Table.Th>{t('decisions.who')}</Table.Th>
                <Table.Th>{t('decisions.what')}</Table.Th>
                <Table.Th>{t('decisions.question')}</Table.Th>
                <Table.Th>{t('decisions.detail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {decisions.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{new Date(d.at).toLocaleString()}</Table.Td>
                  <Table.Td>{d.by}</Table.Td>
                  <Table.Td>{t(`decisions.action.${d.action}`)}</Table.Td>
                  <Table.Td>{textOf.get(d.questionId) ?? d.before ?? ''}</Table.Td>
                  <Table.Td>
                    {d.action === 'EDIT_AND_APPROVE'
                      ? `“${d.before ?? ''}” → “${d.after ?? ''}”`
                      : (d.after ?? '')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
