import { describe, expect, it } from 'vitest';
import { formField } from './serverFields';

describe('formField', () => {
  const map = { 'sso.hosts': 'hosts', 'settings.status': 'status', sso: 'issuer' };
  it('maps an API field path to the form field of its longest mapped prefix', () => {
    expect(formField('settings.status', map)).toBe('status');
    expect(formField('sso.hosts.2', map)).toBe('hosts');
    expect(formField('sso.clientId', map)).toBe('issuer');
  });
  it('keeps unmapped paths', () => {
    expect(formField('name', map)).toBe('name');
    expect(formField('roles.0.scopeId', map)).toBe('roles.0.scopeId');
  });
});
