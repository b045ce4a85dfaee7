/**
 * The REST contract's check (decision 082): which changes between the committed OpenAPI document and
 * the generated one break a client. Requests: a removed operation, a new required parameter or body
 * field, a parameter or field that accepts less than before (fewer types, fewer enum values, tighter
 * bounds, a field no longer allowed). Answers: a removed success status, a removed or no longer
 * required field, a field that may now hold more types or enum values than a client expects.
 * Additions that no client can trip over pass. A new major `info.version` allows everything.
 */

type Schema = Record<string, unknown>;
type Document = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function resolve(document: Document, value: unknown): Schema {
  let schema = value;
  for (let depth = 0; depth < 20 && isObject(schema) && typeof schema.$ref === 'string'; depth += 1) {
    const path = schema.$ref.replace(/^#\//, '').split('/');
    schema = path.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);
  }
  return isObject(schema) ? schema : {};
}

const ALL_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** The JSON types a schema allows (an `integer` is also a `number`'s subset: counted as its own). */
function typesOf(document: Document, schema: Schema): Set<string> {
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) {
    return new Set(alternatives.flatMap((member) => [...typesOf(document, resolve(document, member))]));
  }
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type as string[]);
  const values = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : null;
  if (values) return new Set(values.map((value) => (value === null ? 'null' : typeof value)));
  return new Set(ALL_TYPES);
}

/** `number` covers `integer`. */
const covers = (wider: Set<string>, type: string) =>
  wider.has(type) || (type === 'integer' && wider.has('number'));

function enumOf(schema: Schema): unknown[] | null {
  if ('const' in schema) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : null;
}

const props = (schema: Schema) => (isObject(schema.properties) ? schema.properties : {});
const required = (schema: Schema) =>
  new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);

interface Walk {
  before: Document;
  after: Document;
  problems: string[];
}

/** A request schema must accept at least what it accepted before. */
function compareRequest(walk: Walk, old: Schema, now: Schema, where: string, depth = 0): void {
  if (depth > 30) return;
  const oldTypes = typesOf(walk.before, old);
  const newTypes = typesOf(walk.after, now);
  for (const type of oldTypes)
    if (!covers(newTypes, type)) walk.problems.push(`${where}: accepts no ${type} any more`);
  const oldEnum = enumOf(old);
  const newEnum = enumOf(now);
  if (newEnum && (!oldEnum || oldEnum.some((value) => !newEnum.includes(value))))
    walk.problems.push(`${where}: accepts fewer values`);
  for (const key of ['minimum', 'minLength', 'minItems'] as const)
    if (typeof now[key] === 'number' && (typeof old[key] !== 'number' || now[key] > old[key]))
      walk.problems.push(`${where}: ${key} raised`);
  for (const key of ['maximum', 'maxLength', 'maxItems'] as const)
    if (typeof now[key] === 'number' && (typeof old[key] !== 'number' || now[key] < old[key]))
      walk.problems.push(`${where}: ${key} lowered`);
  const oldRequired = required(old);
  for (const name of required(now))
    if (!oldRequired.has(name)) walk.problems.push(`${where}.${name}: newly required`);
  const newProps = props(now);
  for (const [name, schema] of Object.entries(props(old))) {
    if (name in newProps) {
      compareRequest(
        walk,
        resolve(walk.before, schema),
        resolve(walk.after, newProps[name]),
        `${where}.${name}`,
        depth + 1,
      );
    } else if (now.additionalProperties === false) {
      walk.problems.push(`${where}.${name}: no longer accepted`);
    }
  }
  if (old.items !== undefined && now.items !== undefined)
    compareRequest(
      walk,
      resolve(walk.before, old.items),
      resolve(walk.after, now.items),
      `${where}[]`,
      depth + 1,
    );
}

/** An answer must still hold what clients read, and nothing of a type they do not expect. */
function compareResponse(walk: Walk, old: Schema, now: Schema, where: string, depth = 0): void {
  if (depth > 30) return;
  const oldTypes = typesOf(walk.before, old);
  const newTypes = typesOf(walk.after, now);
  for (const type of newTypes)
    if (!covers(oldTypes, type)) walk.problems.push(`${where}: may now be ${type}`);
  const oldEnum = enumOf(old);
  const newEnum = enumOf(now);
  if (oldEnum && (!newEnum || newEnum.some((value) => !oldEnum.includes(value))))
    walk.problems.push(`${where}: may hold new values`);
  const newRequired = required(now);
  for (const name of required(old))
    if (!newRequired.has(name)) walk.problems.push(`${where}.${name}: no longer always present`);
  const newProps = props(now);
  for (const [name, schema] of Object.entries(props(old))) {
    if (!(name in newProps)) walk.problems.push(`${where}.${name}: removed`);
    else
      compareResponse(
        walk,
        resolve(walk.before, schema),
        resolve(walk.after, newProps[name]),
        `${where}.${name}`,
        depth + 1,
      );
  }
  if (old.items !== undefined && now.items !== undefined)
    compareResponse(
      walk,
      resolve(walk.before, old.items),
      resolve(walk.after, now.items),
      `${where}[]`,
      depth + 1,
    );
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}

function parametersOf(document: Document, operation: Schema): Map<string, Parameter> {
  const list = Array.isArray(operation.parameters) ? operation.parameters : [];
  return new Map(
    list
      .map((parameter) => resolve(document, parameter) as unknown as Parameter)
      .map((parameter) => [`${parameter.in} ${parameter.name.toLowerCase()}`, parameter]),
  );
}

function jsonSchemaOf(document: Document, holder: unknown): Schema | null {
  const content = resolve(document, holder).content;
  if (!isObject(content)) return null;
  const json = content['application/json'];
  return isObject(json) && json.schema !== undefined ? resolve(document, json.schema) : null;
}

function compareOperation(walk: Walk, old: Schema, now: Schema, where: string): void {
  const oldParameters = parametersOf(walk.before, old);
  for (const [key, parameter] of parametersOf(walk.after, now)) {
    const before = oldParameters.get(key);
    if (parameter.required === true && before?.required !== true)
      walk.problems.push(`${where} parameter ${key}: newly required`);
    if (before?.schema !== undefined && parameter.schema !== undefined)
      compareRequest(
        walk,
        resolve(walk.before, before.schema),
        resolve(walk.after, parameter.schema),
        `${where} parameter ${key}`,
      );
  }
  const oldBody = old.requestBody === undefined ? null : jsonSchemaOf(walk.before, old.requestBody);
  const newBody = now.requestBody === undefined ? null : jsonSchemaOf(walk.after, now.requestBody);
  if (newBody && !oldBody && resolve(walk.after, now.requestBody).required === true)
    walk.problems.push(`${where}: body newly required`);
  if (oldBody && newBody) compareRequest(walk, oldBody, newBody, `${where} body`);
  const oldResponses = isObject(old.responses) ? old.responses : {};
  const newResponses = isObject(now.responses) ? now.responses : {};
  for (const [status, response] of Object.entries(oldResponses)) {
    if (!status.startsWith('2')) continue;
    if (!(status in newResponses)) {
      walk.problems.push(`${where}: answer ${status} removed`);
      continue;
    }
    const oldSchema = jsonSchemaOf(walk.before, response);
    const newSchema = jsonSchemaOf(walk.after, newResponses[status]);
    if (oldSchema && newSchema) compareResponse(walk, oldSchema, newSchema, `${where} answer ${status}`);
    else if (oldSchema && !newSchema) walk.problems.push(`${where} answer ${status}: body removed`);
  }
}

export function breakingChanges(before: Document, after: Document): string[] {
  const walk: Walk = { before, after, problems: [] };
  const oldPaths = isObject(before.paths) ? before.paths : {};
  const newPaths = isObject(after.paths) ? after.paths : {};
  for (const [path, item] of Object.entries(oldPaths)) {
    if (!isObject(item)) continue;
    const newItem = newPaths[path];
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const now = isObject(newItem) ? newItem[method] : undefined;
      if (!isObject(now)) walk.problems.push(`${where}: removed`);
      else compareOperation(walk, operation, now, where);
    }
  }
  return walk.problems;
}

const majorOf = (document: Document) => {
  const version = isObject(document.info) ? document.info.version : undefined;
  return Number.parseInt(typeof version === 'string' ? version : '0', 10) || 0;
};

/** The breaking changes that stop the build: none once the major version went up. */
export function contractViolations(committed: Document, generated: Document): string[] {
  if (majorOf(generated) > majorOf(committed)) return [];
  return breakingChanges(committed, generated);
}
