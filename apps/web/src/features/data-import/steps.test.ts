import { describe, expect, it } from 'vitest';
import { importPath, parseStep, parseTable, stepToShow, stepsFor } from './steps';

describe('wizard URL', () => {
  it('writes /setup/data-import/{tableName?}/{sequenceNumber?}/{importId?}', () => {
    expect(importPath()).toBe('/setup/data-import');
    expect(importPath('User')).toBe('/setup/data-import/User');
    expect(importPath('User', 'upload')).toBe('/setup/data-import/User/1');
    expect(importPath('ImportPhoto', 'verify', 'abc')).toBe('/setup/data-import/ImportPhoto/3/abc');
  });

  it('reads only known tables and step numbers', () => {
    expect(parseTable('User')).toBe('User');
    expect(parseTable('users')).toBeUndefined();
    expect(parseStep('2')).toBe('map');
    expect(parseStep('4')).toBe('import');
    expect(parseStep('5')).toBeUndefined();
    expect(parseStep('x')).toBeUndefined();
    expect(parseStep(undefined)).toBeUndefined();
  });
});

describe('where an import resumes', () => {
  it('goes to the step of its status', () => {
    expect(stepToShow('UPLOADED', undefined)).toBe('map');
    expect(stepToShow('VERIFYING', 'map')).toBe('verify');
    expect(stepToShow('IMPORTING', 'verify')).toBe('import');
    expect(stepToShow('COMPLETED', 'upload')).toBe('import');
    expect(stepToShow('CANCELLED', 'map')).toBeUndefined();
  });

  it('keeps the asked step when the status allows it (the mapping can change after a check)', () => {
    expect(stepToShow('VERIFIED', 'map')).toBe('map');
    expect(stepToShow('INVALID', 'verify')).toBe('verify');
    expect(stepToShow('FAILED', 'map', 'commit')).toBe('map');
    expect(stepToShow('FAILED', undefined, 'commit')).toBe('import');
    expect(stepToShow('FAILED', 'import', 'verify')).toBe('verify');
    expect(stepsFor('UPLOADED')).toEqual(['map']);
  });
});
