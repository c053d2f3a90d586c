/** Texts of the tenancy area that the spec does not quote (ours). */
export const TENANCY_MESSAGES = {
  invalidTimezone: 'Please choose a valid time zone',
  /** A new event with neither a time zone nor an address to find one from. */
  timezoneOrAddressRequired: 'Please choose a time zone, or enter an address to find it from',
  /** A new event without a time zone whose address gives none. */
  timezoneNotFoundForAddress: 'No time zone was found for this address; please choose one',
  invalidSessionTimes: 'Please choose KEEP_LOCAL_TIMES or KEEP_INSTANTS',
  invalidColor: 'Please enter a colour like #1a2b3c',
  invalidVersion: 'Please enter a version like 1.2.3',
  versionExists: 'This version already exists for this platform',
  moderatorIsEventRole: 'Moderator is a role of an event',
  duplicateScope: 'This scope is listed more than once',
  ssoHostTaken: 'This host already signs in through another organization',
  /** SSO hosts and e-mail link hosts: an organisation binds only hosts a super admin approved for it. */
  ssoHostNotApproved: 'A super admin must approve this host for your organization first',
  approvedHostSyntax:
    'Please enter a host name like events.example.com or events.example.com:8443, without https:// or a path',
  approvedHostPlatform: 'This host belongs to the platform and cannot be given to an organization',
  approvedHostTaken: 'This host is already approved for another organization',
  approvedHostExists: 'This host is already approved for this organization',
  ssoSecretRequired: 'Required field',
  alreadyAdmin: 'This person already has a role here; edit their roles instead',
  passwordAlreadyCreated: 'This person has already created a password',
  renameElsewhere: 'This user also has roles outside your scope; only a super admin can rename them',
} as const;
