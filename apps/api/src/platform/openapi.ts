import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;

/**
 * zod → JSON Schema for the OpenAPI document, with one correction: a 204 answer has no content.
 * The routes declare 204 as `noContent` (z.null(), errors.ts), which the zod transform turns into a
 * nullable JSON string; `type: 'null'` is what @fastify/swagger writes as a response without content.
 */
export const openApiTransform: Transform = (input) => {
  const output = jsonSchemaTransform(input);
  const response = (output.schema as { response?: Record<string, unknown> }).response;
  if (response && '204' in response) {
    output.schema = {
      ...output.schema,
      response: { ...response, 204: { type: 'null', description: 'No content' } },
    } as typeof output.schema;
  }
  return output;
};
