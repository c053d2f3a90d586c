import type { z } from 'zod';

/** Field path ('a.b.0') → first message, for the `fields` of an error answer or a form. Root issues use ''. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in fields)) fields[path] = issue.message;
  }
  return fields;
}
