/**
 * A small draft-07 JSON Schema checker, enough for the keywords the generated editor schemas use.
 * It lets the tests prove that the schema VS Code reads accepts every real page and rejects what
 * the validator rejects.
 */
type Schema = Record<string, unknown>;

const typeOf = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : Number.isInteger(value)
        ? 'integer'
        : typeof value;
const matchesType = (value: unknown, type: string) =>
  typeOf(value) === type || (type === 'number' && typeOf(value) === 'integer');

export function checkJsonSchema(rootSchema: Schema, value: unknown): string[] {
  const resolve = (schema: Schema): Schema => {
    const ref = schema.$ref as string | undefined;
    if (!ref) return schema;
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], rootSchema);
    if (!target) throw new Error(`Unresolved $ref ${ref}`);
    return resolve(target as Schema);
  };

  const check = (raw: Schema, data: unknown, at: string): string[] => {
    const schema = resolve(raw);
    const errors: string[] = [];
    const type = schema.type as string | string[] | undefined;
    if (type && !(Array.isArray(type) ? type : [type]).some((t) => matchesType(data, t)))
      return [`${at}: expected ${String(type)}, got ${typeOf(data)}`];
    if ('const' in schema && data !== schema.const)
      errors.push(`${at}: expected ${JSON.stringify(schema.const)}`);
    if (Array.isArray(schema.enum) && !schema.enum.includes(data))
      errors.push(`${at}: ${JSON.stringify(data)} not in enum`);
    if (typeof data === 'string') {
      if (typeof schema.minLength === 'number' && data.length < schema.minLength)
        errors.push(`${at}: shorter than ${schema.minLength}`);
      if (typeof schema.maxLength === 'number' && data.length > schema.maxLength)
        errors.push(`${at}: longer than ${schema.maxLength}`);
      if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(data))
        errors.push(`${at}: does not match ${schema.pattern}`);
    }
    if (typeof data === 'number') {
      if (typeof schema.minimum === 'number' && data < schema.minimum)
        errors.push(`${at}: below minimum`);
      if (typeof schema.maximum === 'number' && data > schema.maximum)
        errors.push(`${at}: above maximum`);
      if (typeof schema.exclusiveMinimum === 'number' && data <= schema.exclusiveMinimum)
        errors.push(`${at}: not above ${schema.exclusiveMinimum}`);
    }
    if (Array.isArray(data)) {
      if (typeof schema.minItems === 'number' && data.length < schema.minItems)
        errors.push(`${at}: fewer than ${schema.minItems} items`);
      if (typeof schema.maxItems === 'number' && data.length > schema.maxItems)
        errors.push(`${at}: more than ${schema.maxItems} items`);
      if (schema.items)
        data.forEach((item, index) =>
          errors.push(...check(schema.items as Schema, item, `${at}[${index}]`)),
        );
    }
    if (typeOf(data) === 'object') {
      const object = data as Record<string, unknown>;
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      for (const key of (schema.required as string[] | undefined) ?? [])
        if (!(key in object)) errors.push(`${at}: missing "${key}"`);
      for (const [key, child] of Object.entries(object)) {
        if (properties[key]) errors.push(...check(properties[key]!, child, `${at}.${key}`));
        else if (schema.additionalProperties === false) errors.push(`${at}: unknown "${key}"`);
      }
    }
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const options = schema[keyword] as Schema[] | undefined;
      if (!options) continue;
      const results = options.map((option) => check(option, data, at));
      const passing = results.filter((result) => result.length === 0).length;
      if (keyword === 'oneOf' ? passing !== 1 : passing === 0) {
        // Report the closest option's errors, as an editor does.
        const closest = [...results].sort((a, b) => a.length - b.length)[0] ?? [];
        errors.push(
          passing > 1
            ? `${at}: matches ${passing} alternatives of oneOf`
            : closest.join('; ') || `${at}: matches no alternative`,
        );
      }
    }
    return errors;
  };
  return check(rootSchema, value, '$');
}
