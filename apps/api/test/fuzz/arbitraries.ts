import fc from 'fast-check';
import { z, type ZodType } from 'zod';

/** A JSON Schema node as `z.toJSONSchema` writes it (the subset the generator reads). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
}

/** The request side of a route's zod schema (what a client sends: a codec's wire form, a transform's input). */
export function requestJsonSchema(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Ids of records that exist (own and other tenant's) are what makes generated requests reach real rows. */
export interface IdPool {
  ids: string[];
}

const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { deeper: value };
  return value;
};

/** Strings PostgreSQL can not store, that render deceptively, or that are simply too long. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'name\u0000with NUL',
  '\ud800',
  'lone low \udfff surrogate',
  '\u202eevil\u202c.pdf',
  'zero\u200bwidth\u2060joiner',
  '\uFEFFbom',
  'x'.repeat(5_000),
  'y'.repeat(100_000),
  '',
  ' ',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '=HYPERLINK("http://evil.example")',
  '1e309',
  '-0',
  'NaN',
  'null',
  '[]',
];

/** Values of the wrong type or out of any sane range, for any position. */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  ['a', 'b'],
  [{}],
  { nested: { deeper: [1, 2, 3] } },
  nested(1_000),
];

export function hostileValue(pool: IdPool): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(...HOSTILE_VALUES),
    fc.constantFrom(...pool.ids),
    fc.uuid(),
    fc.string({ unit: 'binary', maxLength: 30 }),
  );
}

const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi);

function stringOf(s: JsonSchema, pool: IdPool): fc.Arbitrary<string> {
  switch (s.format) {
    case 'uuid':
      return pool.ids.length > 0
        ? fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...pool.ids) },
            { weight: 1, arbitrary: fc.uuid() },
          )
        : fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl();
  }
  if (s.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length <= (s.maxLength ?? Infinity) && v.length >= (s.minLength ?? 0));
    } catch {
      // A pattern JavaScript can not compile falls back to plain text.
    }
  }
  const minLength = s.minLength ?? 0;
  return fc.string({ minLength, maxLength: clamp(s.maxLength ?? 40, minLength, Math.max(minLength, 40)) });
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    s.minimum ??
    (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : -1e6);
  const max =
    s.maximum ??
    (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : 1e6);
  const lo = Math.max(min, -1e9);
  const hi = Math.min(max, 1e9);
  if (integer) return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** Valid-shaped values of a JSON Schema (valid for most schemas; refinements across fields may still refuse them). */
export function validOf(s: JsonSchema, pool: IdPool, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((a) => validOf(a, pool, depth + 1)));
  if (s.allOf && s.allOf.length > 0) return validOf(s.allOf[0]!, pool, depth + 1);
  if (Array.isArray(s.type))
    return fc.oneof(...s.type.map((type) => validOf({ ...s, type }, pool, depth + 1)));
  switch (s.type) {
    case 'string':
      return stringOf(s, pool);
    case 'integer':
      return numberOf(s, true);
    case 'number':
      return numberOf(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => validOf(p, pool, depth + 1)));
      const minLength = s.minItems ?? 0;
      return fc.array(s.items ? validOf(s.items, pool, depth + 1) : fc.string(), {
        minLength,
        maxLength: clamp(s.maxItems ?? 3, minLength, Math.max(minLength, 3)),
      });
    }
    case 'object': {
      const properties = s.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, p]) => [key, validOf(p, pool, depth + 1)]),
      );
      const required = (s.required ?? []).filter((k) => k in properties);
      return fc.record(model, { requiredKeys: required });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Valid-shaped values, some with one property (or the whole value) replaced by a hostile one, some
 * with an unknown property added.
 */
export function fuzzedOf(s: JsonSchema, pool: IdPool): fc.Arbitrary<unknown> {
  const valid = validOf(s, pool);
  const oneHostileField = valid.chain((value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return hostileValue(pool);
    const keys = [...Object.keys(s.properties ?? {}), 'unexpectedField'];
    return fc
      .tuple(fc.constantFrom(...keys), hostileValue(pool))
      .map(([key, bad]) => ({ ...value, [key]: bad }));
  });
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 4, arbitrary: oneHostileField },
    { weight: 1, arbitrary: hostileValue(pool) },
  );
}
