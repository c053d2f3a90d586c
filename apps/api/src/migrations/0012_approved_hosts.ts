// Hosts a super admin approved for one organisation (docs/SECURITY.md 3.9). Only these may be bound
// in the organisation's SSO provider, and e-mail links use them only for the organisation's own
// people. A host (`name` or `name:port`) belongs to at most one organisation; the service also keeps
// a bare name and its `name:port` forms in one organisation, under an advisory lock.
// Nothing is approved by this migration: providers' existing hosts stop serving sign-in buttons
// and links until a super admin approves them (the provider rows keep them, so approving restores them).
export const up = `
  CREATE TABLE approved_hosts (
    host text PRIMARY KEY,
    organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
    approved_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (host = lower(host) AND host ~ '^[a-z0-9.-]+(:[0-9]{1,5})?$')
  );
  CREATE INDEX approved_hosts_org_idx ON approved_hosts (organization_id, host);
  CREATE INDEX approved_hosts_name_idx ON approved_hosts (split_part(host, ':', 1));
`;
