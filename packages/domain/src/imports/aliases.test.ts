import { describe, expect, it } from 'vitest';
import { suggestMapping } from './matching.js';

const participantColumns = [
  { key: 'email', label: 'E-mail' },
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'jobTitle', label: 'Job title' },
  { key: 'company', label: 'Company' },
];

describe('header aliases in the suggested mapping', () => {
  it('maps a "Title" column to Job title, and other common names to their columns', () => {
    expect(
      suggestMapping(participantColumns, ['Email address', 'Given name', 'Surname', 'Title', 'Organisation']),
    ).toEqual({
      email: 'Email address',
      firstName: 'Given name',
      lastName: 'Surname',
      jobTitle: 'Title',
      company: 'Organisation',
    });
  });

  it('lets an exact label win over an alias: a custom field called "Title" keeps its column', () => {
    const columns = [...participantColumns, { key: 'cf_title', label: 'Title' }];
    expect(suggestMapping(columns, ['E-mail', 'Title', 'Position'])).toMatchObject({
      cf_title: 'Title',
      jobTitle: 'Position',
    });
  });

  it('gives aliases nothing a table does not have (a session "Title" is no job title)', () => {
    expect(suggestMapping([{ key: 'name', label: 'Name' }], ['Title'])).toEqual({ name: null });
  });
});
