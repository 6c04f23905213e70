import { alignments } from '../geometry/canvas';
import { fillStyles, framingModes } from '../geometry/framing';
import { MAX_CUSTOM_RATIO, MAX_OUTPUT_SIDE, MIN_OUTPUT_SIDE } from '../output-target';
import {
  API_HEADERS,
  apiFormats,
  expansionFormFields,
  packIds,
  type ExpansionFormField,
} from '../schemas/api';
import { errorMessages, type ErrorCode } from './errors';

/** A field or header of POST /v1/expansions that an `invalid_request` names. */
export type ApiRequestField = ExpansionFormField | typeof API_HEADERS.idempotencyKey;

const oneOf = (values: readonly string[]) => `one of ${values.join(', ')}`;

/** What each field takes, as its refusal says it (issue 41). */
const fieldRules: Record<ApiRequestField, string> = {
  image: 'the photo, as one file part named image',
  ratio: `an aspect ratio such as 16:9, between 1:${MAX_CUSTOM_RATIO} and ${MAX_CUSTOM_RATIO}:1`,
  size: `WIDTHxHEIGHT in pixels, such as 1080x1920, each side ${MIN_OUTPUT_SIDE} to ${MAX_OUTPUT_SIDE}`,
  pack: oneOf(packIds),
  alignment: oneOf(alignments),
  framing: oneOf(framingModes),
  style: oneOf(fillStyles),
  format: oneOf(apiFormats),
  webhook_url: 'an https URL',
  [API_HEADERS.idempotencyKey]: '1 to 255 printable ASCII characters, without spaces',
};

/**
 * /v1's refusals of one field (issue 41): each message starts with the field's name, which the
 * error's `field` carries too.
 */
export const apiFieldErrors = {
  /** The value is not one the field takes. */
  invalid: (field: ApiRequestField) => `${field}: expected ${fieldRules[field]}.`,
  /** A field that is given once, given again. */
  repeated: (field: ApiRequestField) => `${field}: give it once (${fieldRules[field]}).`,
  /** A part whose name is no field of the form. */
  unknown: (name: string) =>
    `${name}: not a field of this form; the fields are ${expansionFormFields.join(', ')}.`,
  /** A value the field's pattern allows that breaks a rule: the catalogue's words for it. */
  refused: (field: ApiRequestField, code: ErrorCode) => `${field}: ${errorMessages[code]}.`,
} as const;
