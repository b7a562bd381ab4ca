// Derives Motorpool's conformance fixture (lib/contract/vendor-conformance.json) from the vendor's
// published collections in the public repository api-evangelist/volteras.
//
//   node scripts/extract-vendor-conformance.mjs <clone or git directory of api-evangelist/volteras> [commit]
//
// The Postman collections (collections/*.postman_collection.json) give every endpoint: method,
// path, parameters, documented status codes and response examples. They were generated from the
// vendor's OpenAPI document (openapi/_original/volteras-connect-openapi-original.json, same
// commit), which alone carries what a collection flattens to "<string>": which keys are required,
// enumerations (MakeEnum), bounds and string formats. The script reads both at one commit, checks
// that they list the same operations, and writes facts only, in Motorpool's own format.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const [repoDir, commitArg = 'HEAD'] = process.argv.slice(2);
if (!repoDir) {
  console.error('usage: node scripts/extract-vendor-conformance.mjs <volteras clone or git dir> [commit]');
  process.exit(2);
}
const OPENAPI = 'openapi/_original/volteras-connect-openapi-original.json';
const OUT = path.join(import.meta.dirname, '..', 'lib', 'contract', 'vendor-conformance.json');

const git = (...args) => execFileSync('git', ['-C', repoDir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const commit = git('rev-parse', `${commitArg}^{commit}`).trim();
const readJson = (file) => JSON.parse(git('show', `${commit}:${file}`));
const collectionFiles = git('ls-tree', '--name-only', commit, 'collections/')
  .split('\n')
  .filter((file) => file.endsWith('.postman_collection.json'))
  .sort();

const openapi = readJson(OPENAPI);
const components = openapi.components?.schemas ?? {};

/** A JSON Schema (OpenAPI 3.1) as Motorpool's type tree: refs resolved, `anyOf [T, null]` as `nullable`. */
function toType(schema, seen = []) {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop();
    if (seen.includes(name)) return { type: 'object', recursive: name };
    const { $ref: _ref, ...local } = schema;
    return { ...toType(components[name], [...seen, name]), ...pickFacts(local) };
  }
  if (schema.anyOf) {
    const options = schema.anyOf.filter((option) => option.type !== 'null');
    const nullable = options.length < schema.anyOf.length;
    const inner = options.length === 1 ? toType(options[0], seen) : { anyOf: options.map((option) => toType(option, seen)) };
    return { ...inner, ...pickFacts(schema), ...(nullable ? { nullable: true } : {}) };
  }
  const out = { ...(schema.type ? { type: schema.type } : {}), ...pickFacts(schema) };
  if (schema.type === 'object' || schema.properties) {
    out.type = 'object';
    if (schema.required?.length) out.required = [...schema.required];
    if (schema.properties)
      out.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, toType(value, seen)]));
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
      out.additionalProperties = toType(schema.additionalProperties, seen);
  }
  if (schema.type === 'array' && schema.items) out.items = toType(schema.items, seen);
  return out;
}

/** The facts a request is checked against; titles and descriptions are left in the vendor's document. */
function pickFacts(schema) {
  const facts = {};
  for (const key of ['enum', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'default']) {
    if (schema[key] !== undefined) facts[key] = schema[key];
  }
  if (schema.enum && schema.title) facts.enumName = schema.title;
  return facts;
}

/** `v1/vehicles/:vehicle_id` and `{{account_id}}` written as `/v1/vehicles/{vehicle_id}`. */
function collectionPath(url) {
  return `/${url.path.map((segment) => segment.replace(/^:(\w+)/, '{$1}').replace(/\{\{(\w+)\}\}/g, '{$1}')).join('/')}`;
}

function requests(items, file, out = []) {
  for (const item of items) {
    if (item.item) requests(item.item, file, out);
    else out.push({ ...item, file });
  }
  return out;
}

function parseExample(text) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function parameter(p) {
  return { name: p.name, required: Boolean(p.required), schema: toType(p.schema ?? {}) };
}

const operations = [];
const seen = new Set();
for (const file of collectionFiles) {
  const collection = readJson(file);
  for (const item of requests(collection.item, file)) {
    const method = item.request.method.toUpperCase();
    const pathTemplate = collectionPath(item.request.url);
    const op = openapi.paths[pathTemplate]?.[method.toLowerCase()];
    if (!op) throw new Error(`${file}: ${method} ${pathTemplate} is not in ${OPENAPI}`);
    seen.add(`${method} ${pathTemplate}`);
    const params = op.parameters ?? [];
    const bodySchema = op.requestBody?.content?.['application/json']?.schema;
    const formSchema = op.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
    const responses = item.response.map((response) => {
      const documented = op.responses?.[String(response.code)];
      const schema = documented?.content?.['application/json']?.schema;
      return {
        status: response.code,
        description: response.name,
        ...(schema ? { schema: toType(schema) } : {}),
        example: parseExample(response.body),
      };
    });
    operations.push({
      name: item.name,
      collection: path.basename(file),
      method,
      path: pathTemplate,
      pathParams: params.filter((p) => p.in === 'path').map(parameter),
      query: params.filter((p) => p.in === 'query').map(parameter),
      body: bodySchema
        ? { contentType: 'application/json', required: Boolean(op.requestBody.required), schema: toType(bodySchema) }
        : formSchema
          ? { contentType: 'application/x-www-form-urlencoded', required: Boolean(op.requestBody.required), schema: toType(formSchema) }
          : null,
      errorCodes: [...(op['x-list-error-codes'] ?? [])].sort(),
      responses,
    });
  }
}

for (const [pathTemplate, methods] of Object.entries(openapi.paths)) {
  for (const method of Object.keys(methods)) {
    if (method === 'parameters') continue;
    if (!seen.has(`${method.toUpperCase()} ${pathTemplate}`))
      throw new Error(`${OPENAPI}: ${method.toUpperCase()} ${pathTemplate} has no request in the collections`);
  }
}

operations.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));

const validationError = toType(components.HTTPValidationError);
const fixture = {
  $comment:
    "Generated by scripts/extract-vendor-conformance.mjs from the vendor's published collections; do not edit by hand. Run the script again on a newer commit to refresh it.",
  source: {
    repository: 'https://github.com/api-evangelist/volteras',
    commit,
    collections: collectionFiles,
    schemasFrom: OPENAPI,
  },
  validationError,
  operations,
};
writeFileSync(OUT, `${JSON.stringify(fixture, null, 2)}\n`);
console.log(
  `${operations.length} operations from ${collectionFiles.length} collections at ${commit} -> ${path.relative(process.cwd(), OUT)}`,
);
