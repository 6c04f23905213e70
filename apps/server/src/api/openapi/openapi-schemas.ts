import {
  apiAccountSchema,
  expansionFieldsSchema,
  expansionSchema,
  v1ErrorSchema,
} from '@reframe/shared';
import * as z from 'zod';

/** JSON Schema 2020-12, which OpenAPI 3.1 uses as is, of a shared zod schema. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output') {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** The multipart form of POST /v1/expansions: the image file beside the validated fields. */
function expansionFormSchema() {
  const fields = jsonSchemaOf(expansionFieldsSchema, 'input');
  return {
    ...fields,
    properties: {
      image: { type: 'string', contentMediaType: 'application/octet-stream' },
      ...(fields.properties ?? {}),
    },
    required: ['image'],
  };
}

/** Component schemas, generated from the same zod schemas the /v1 routes validate with. */
export function componentSchemas() {
  return {
    Expansion: jsonSchemaOf(expansionSchema),
    ExpansionForm: expansionFormSchema(),
    Account: jsonSchemaOf(apiAccountSchema),
    Error: jsonSchemaOf(v1ErrorSchema),
  };
}
