import fc from 'fast-check';

/**
 * Request values derived from a route's JSON Schema (the OpenAPI document @fastify/swagger builds
 * from the TypeBox schemas), for the route fuzzer (tests/integration/routeFuzz.int.spec.ts):
 * valid-shaped values, and mutations of them (wrong types, missing and extra fields, huge
 * strings, deep nesting, hostile unicode, NUL bytes, malformed ids, extreme numbers).
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
};

/** Ids that exist in the fuzzed world, by the names of the fields that hold them; `any` for other id fields. */
export type IdPool = Record<string, string[]> & { any: string[] };

const objectId = /^\^\[0-9a-f\]\{24\}\$$/;

/** Strings a careless handler trips on: RTL and combining marks, emoji, lone surrogates, NUL, control and path characters. */
export const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  'שלום עולם',
  'e\u0301\u0302\u0303\u0304',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\ud800',
  'x\udfffy',
  '\ufeff\ufffe\uffff',
  '../../etc/passwd',
  '%00%2F%2e%2e',
  '<script>alert(1)</script>',
  '{"$gt":""}',
  '$where',
  '__proto__',
  'constructor',
  '0',
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  'null',
  'true',
  '2026-13-45T99:99:99Z',
  '000000000000000000000000',
  'ffffffffffffffffffffffff',
  'ZZZZZZZZZZZZZZZZZZZZZZZZ',
  '0123456789abcdef0123456',
  '\r\nX-Injected: 1',
];

export const hostileNumbers = [
  0,
  -1,
  -0,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  0.5,
  2 ** 31,
  -(2 ** 31),
  1e-300,
];

const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  );

/** Resolves `#/components/schemas/x` references against the OpenAPI document. */
export const resolver =
  (components: Record<string, JsonSchema>) =>
  (schema: JsonSchema): JsonSchema => {
    let current = schema;
    for (let hops = 0; current.$ref && hops < 10; hops++) {
      const name = current.$ref.split('/').pop() ?? '';
      current = components[name] ?? {};
    }
    return current;
  };

type Resolve = (schema: JsonSchema) => JsonSchema;

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

const idFor = (name: string, ids: IdPool): fc.Arbitrary<string> => {
  const preferred = ids[name] ?? [];
  const known = [...new Set([...preferred, ...ids.any])];
  return fc.oneof(
    ...(preferred.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...preferred) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f]{24}$/) },
  );
};

/** A valid-shaped value of `schema` (best effort: formats and patterns beyond ids are approximated). */
export const validValue = (schema: JsonSchema, resolve: Resolve, ids: IdPool, name = '', depth = 0): fc.Arbitrary<unknown> => {
  const s = resolve(schema);
  const value = validInner(s, resolve, ids, name, depth);
  return s.nullable ? fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) }) : value;
};

const validInner = (s: JsonSchema, resolve: Resolve, ids: IdPool, name: string, depth: number): fc.Arbitrary<unknown> => {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum && s.enum.length > 0) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map((each) => validValue(each, resolve, ids, name, depth)));
  if (s.allOf && s.allOf.length > 0) {
    const merged = s.allOf.map(resolve).reduce<JsonSchema>(
      (all, each) => ({
        ...all,
        ...each,
        properties: { ...all.properties, ...each.properties },
        required: [...(all.required ?? []), ...(each.required ?? [])],
      }),
      {},
    );
    return validInner(merged, resolve, ids, name, depth);
  }
  const types = typesOf(s);
  const type = types[0] ?? (s.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      return validString(s, ids, name);
    case 'integer': {
      const min = Math.max(s.minimum ?? -1000, -1e6);
      const max = Math.min(s.maximum ?? Math.max(min, 0) + 1000, 1e9);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'number': {
      const min = s.minimum ?? -1000;
      const max = s.maximum ?? min + 2000;
      return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 6) return fc.constant([]);
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 3, 3));
      return fc.array(validValue(s.items ?? {}, resolve, ids, singular(name), depth + 1), { minLength, maxLength });
    }
    case 'object':
      return validObject(s, resolve, ids, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};

const singular = (name: string): string => (name.endsWith('s') ? name.slice(0, -1) : name);

const validString = (s: JsonSchema, ids: IdPool, name: string): fc.Arbitrary<string> => {
  if (s.pattern && objectId.test(s.pattern)) return idFor(name.replace(/Ids?$/, 'Id'), ids);
  if (s.format === 'date-time') {
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (s.format === 'date') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri') return fc.webUrl();
  if (s.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length <= (s.maxLength ?? Infinity) && v.length >= (s.minLength ?? 0));
    } catch {
      return fc.string();
    }
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 30, 30));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
  );
};

const validObject = (s: JsonSchema, resolve: Resolve, ids: IdPool, depth: number): fc.Arbitrary<Record<string, unknown>> => {
  const properties = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) record[key] = validValue(child, resolve, ids, key, depth + 1);
  const requiredKeys = Object.keys(record).filter((key) => required.has(key));
  const known = fc.record(record, { requiredKeys });
  if (Object.keys(properties).length > 0 || typeof s.additionalProperties !== 'object') return known;
  // A record (additionalProperties: schema): a few entries.
  const values = validValue(s.additionalProperties, resolve, ids, '', depth + 1);
  return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 3 });
};

/** Nested `{ a: { a: ... } }` or `[[...]]`, `depth` levels (a few kB of JSON at most). */
export const deepNesting = (depth: number, arrays: boolean): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
};

/** A value of the wrong kind: the other JSON types, extremes, hostile strings, huge strings, deep nesting. */
export const wrongValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: hostileString() },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(...hostileNumbers) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 'a'], { $gt: '' }, [{}]) },
    { weight: 1, arbitrary: fc.constantFrom('a', '\u0000', 'é', '😀').map((unit) => unit.repeat(100_000 / unit.length)) },
    { weight: 1, arbitrary: fc.constantFrom(500, 2000).chain((depth) => fc.boolean().map((arrays) => deepNesting(depth, arrays))) },
  );

export type Mutation =
  | { kind: 'replace'; path: string[]; value: unknown }
  | { kind: 'drop'; path: string[] }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'whole'; value: unknown };

/** Every property path of a JSON value (objects and arrays), the root excluded, at most 200. */
export const pathsOf = (value: unknown, prefix: string[] = [], into: string[][] = []): string[][] => {
  if (into.length >= 200 || value === null || typeof value !== 'object') return into;
  for (const key of Object.keys(value)) {
    const path = [...prefix, key];
    into.push(path);
    pathsOf((value as Record<string, unknown>)[key], path, into);
  }
  return into;
};

/** A copy of `value` with the mutation applied. */
export const applyMutation = (value: unknown, mutation: Mutation): unknown => {
  if (mutation.kind === 'whole') return mutation.value;
  const copy: unknown = value === undefined ? {} : structuredClone(value);
  if (mutation.kind === 'extra') {
    if (copy !== null && typeof copy === 'object' && !Array.isArray(copy)) {
      // defineProperty: `__proto__` becomes an own key that JSON.stringify sends.
      Object.defineProperty(copy, mutation.key, { value: mutation.value, enumerable: true, configurable: true, writable: true });
    }
    return copy;
  }
  let parent = copy as Record<string, unknown>;
  for (const key of mutation.path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = mutation.path[mutation.path.length - 1] as string;
  if (mutation.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = mutation.value;
  return copy;
};

/** A mutation of `value` (a valid-shaped body or query): one field changed, dropped or added, or the whole replaced. */
export const mutationOf = (value: unknown): fc.Arbitrary<Mutation> => {
  const paths = pathsOf(value);
  const whole = fc
    .oneof(wrongValue(), fc.constantFrom<unknown>([value], [], 'body', 42))
    .map((v): Mutation => ({ kind: 'whole', value: v }));
  const extra = fc
    .tuple(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', '$where', '_id', 'id', 'admin', 'role'), fc.string({ maxLength: 10 })),
      wrongValue(),
    )
    .map(([key, v]): Mutation => ({ kind: 'extra', key, value: v }));
  if (paths.length === 0) return fc.oneof(whole, extra);
  const path = fc.constantFrom(...paths);
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(path, wrongValue()).map(([p, v]): Mutation => ({ kind: 'replace', path: p, value: v })) },
    { weight: 2, arbitrary: path.map((p): Mutation => ({ kind: 'drop', path: p })) },
    { weight: 1, arbitrary: extra },
    { weight: 1, arbitrary: whole },
  );
};
