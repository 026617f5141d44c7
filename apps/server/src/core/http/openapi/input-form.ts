type JsonSchema = Record<string, unknown>;

/**
 * The request form of a rendered schema: a property that may be omitted because the server fills in
 * its default carries the default in its description ("Default: 1."), not as `default`. Generators
 * such as openapi-typescript (default options) read a property with `default` in a shared component
 * as always present, which is true of answers and false of requests, so a request property keeps
 * only what says it is optional. Properties the schema requires are left as they are.
 */
export function inputForm(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inputForm);
  if (!value || typeof value !== 'object') return value;
  const schema = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inputForm(v)])) as JsonSchema;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties || typeof properties !== 'object') return schema;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Record<string, JsonSchema> = {};
  for (const [name, prop] of Object.entries(properties)) {
    if (required.has(name) || !prop || typeof prop !== 'object' || !('default' in prop)) {
      out[name] = prop;
      continue;
    }
    const { default: fallback, ...rest } = prop;
    const said = typeof rest.description === 'string' ? `${rest.description} ` : '';
    out[name] = { ...rest, description: `${said}Default: ${JSON.stringify(fallback)}.` };
  }
  return { ...schema, properties: out };
}
