import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { useCardRequests, useRespondToCard, type CardRequestView } from './api';
import { displayName, headline } from './people';

function RequestCard({ eventId, request }: { eventId: string; request: CardRequestView }) {
  const { t } = useTranslation('contacts');
  const respond = useRespondToCard(eventId);
  const name = displayName(request.person, '—');
  const answer = (accept: boolean) =>
    respond.mutate(
      { requestId: request.id, accept },
      {
        onSuccess: () => toast.success(accept ? t('requests.accepted', { name }) : t('requests.declined')),
        onError: (e) => toast.error(e.message),
      },
    );
  const sub = headline(request.person);
  return (
    <Card withBorder padding="md" component="li">
      <Stack gap={6}>
        <Text fw={600}>{t('requests.wants', { name })}</Text>
        {sub && (
          <Text size="sm" c="dimmed">
            {sub}
          </Text>
        )}
        {request.note && <Text size="sm">“{request.note}”</Text>}
        <Group gap="sm" mt={4}>
          <Button
            size="sm"
            loading={respond.isPending && respond.variables?.accept === true}
            disabled={respond.isPending}
            aria-label={t('requests.acceptName', { name })}
            onClick={() => answer(true)}
          >
            {t('requests.accept')}
          </Button>
          <Button
            size="sm"
            variant="default"
            loading={respond.isPending && respond.variables?.accept === false}
            disabled={respond.isPending}
            aria-label={t('requests.declineName', { name })}
            onClick={() => answer(false)}
          >
            {t('requests.decline')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Card requests waiting for the participant's answer (live), and, optionally, their own pending ones. */
export function IncomingRequests({
  eventId,
  showEmpty = true,
  showOutgoing = false,
}: {
  eventId: string;
  showEmpty?: boolean;
  showOutgoing?: boolean;
}) {
  const { t } = useTranslation('contacts');
  const requests = useCardRequests(eventId);
  if (requests.isError)
    return <LoadError onRetry={() => void requests.refetch()} message={requests.error.message} />;
  // Where the section only shows when something waits, nothing stands in for it while it loads.
  if (!requests.data) return showEmpty ? <Skeleton h={72} /> : null;
  const { incoming, outgoing } = requests.data;
  if (incoming.length === 0 && !showEmpty && (!showOutgoing || outgoing.length === 0)) return null;
  return (
    <Stack gap="sm">
      <section aria-labelledby="card-requests-title">
        <Title order={2} size="h4" id="card-requests-title" mb="xs">
          {t('requests.incoming')}
        </Title>
        {incoming.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('requests.incomingEmpty')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {incoming.map((r) => (
              <RequestCard key={r.id} eventId={eventId} request={r} />
            ))}
          </Stack>
        )}
      </section>
      {showOutgoing && outgoing.length > 0 && (
        <section aria-labelledby="card-outgoing-title">
          <Title order={2} size="h4" id="card-outgoing-title" mb="xs">
            {t('requests.outgoing')}
          </Title>
          <Stack gap={4} component="ul" style={{ paddingLeft: 20, margin: 0 }}>
            {outgoing.map((r) => (
              <Text component="li" size="sm" key={r.id}>
                {displayName(r.person, '—')}
                {headline(r.person) ? ` · ${headline(r.person)}` : ''}
              </Text>
            ))}
          </Stack>
        </section>
      )}
    </Stack>
  );
}
