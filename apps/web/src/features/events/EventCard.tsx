import { Badge, Box, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EventSummary } from '../../shared/api/types';
import { formatDayInZone } from '../../shared/time/zones';
import { CalendarIcon, MapPinIcon } from '../../shared/ui/icons';
import classes from './EventCard.module.css';
import { eventPhase, PHASE_COLOR } from './eventPhase';

interface EventCardProps {
  event: EventSummary;
  to: string;
  onOpen?: () => void;
}

/** An event as a card that is one link (name, dates in the event's zone, place, status). */
export function EventCard({ event, to, onOpen }: EventCardProps) {
  const { t } = useTranslation('shell');
  const phase = eventPhase(event);
  const start = formatDayInZone(event.startAt, event.timezone);
  const end = formatDayInZone(event.endAt, event.timezone);
  return (
    <Card component={Link} to={to} onClick={onOpen} className={classes.card} p={0}>
      <Box
        h={6}
        bg={
          event.primaryColor && event.primaryColor !== '#000000'
            ? event.primaryColor
            : 'var(--mantine-primary-color-filled)'
        }
      />
      <Stack gap="sm" p="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} size="h4" lineClamp={2}>
            {event.name}
          </Title>
          <Badge color={PHASE_COLOR[phase]} variant="light" style={{ flexShrink: 0 }}>
            {t(`eventPhase.${phase}`)}
          </Badge>
        </Group>
        <Group gap={6} c="dimmed" wrap="nowrap">
          <CalendarIcon size={16} />
          <Text size="sm">{start === end ? start : t('common:dates.range', { start, end })}</Text>
        </Group>
        {event.address && (
          <Group gap={6} c="dimmed" wrap="nowrap">
            <MapPinIcon size={16} />
            <Text size="sm" lineClamp={1}>
              {event.address}
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export function EventCardSkeleton() {
  return (
    <Card p="lg" aria-hidden>
      <Stack gap="sm">
        <Skeleton h={20} w="70%" />
        <Skeleton h={14} w="50%" />
        <Skeleton h={14} w="40%" />
      </Stack>
    </Card>
  );
}
