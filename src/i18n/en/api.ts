// English for input the hosting-API client refuses itself, before any request
// (src/api/validate.ts, said by src/core/replies/api-error-text.ts). api-id.ts has the same keys.
export const apiEn = {
  'api.input.uuid': 'Not sent to the hosting API: `{name}` must be a uuid.',
  'api.input.positiveInt': 'Not sent to the hosting API: `{name}` must be a whole number of 1 or more.',
  'api.input.nonNegativeInt': 'Not sent to the hosting API: `{name}` must be a whole number of 0 or more.',
  'api.input.notEmpty': 'Not sent to the hosting API: `{name}` must not be empty.',
} as const;
