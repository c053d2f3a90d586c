/** Where the API's field errors go on a form. Pure: unit-tested in serverFields.test.ts. */

/** 'sso.hosts.1' → the form field of its longest mapped prefix ('sso.hosts' → 'hosts'), else itself. */
export function formField(path: string, fieldMap: Record<string, string>): string {
  for (let p = path; p; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') {
    const field = fieldMap[p];
    if (field) return field;
  }
  return path;
}
