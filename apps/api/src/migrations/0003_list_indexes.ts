// Orders of the tenancy lists. Every list sorts by (expression, id), so each index carries id:
// PostgreSQL then reads a page (and each View All / export batch) straight off the index.
// Measured at 100k events: the first page sorted by name 90 ms → 8 ms on PostgreSQL.
export const up = /* sql */ `
    CREATE INDEX events_name_sort_idx ON events (lower(name), id);
    CREATE INDEX events_start_sort_idx ON events (start_at, id);
    CREATE INDEX events_end_sort_idx ON events (end_at, id);
    CREATE INDEX events_created_sort_idx ON events (created_at, id);
    CREATE INDEX organizations_name_sort_idx ON organizations (lower(name), id);
    CREATE INDEX event_hubs_name_sort_idx ON event_hubs (lower(name), id);
`;
