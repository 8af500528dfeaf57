// Encoding of form-urlencoded values. Booleans are sent as "1"/"0": the `_method=DELETE` override
// suggests a Laravel-style service, whose boolean validation accepts 1/0 but rejects the strings
// "true"/"false"; 1/0 is also what most other form parsers (and the simulator) read as booleans.

/** A boolean as a form value. */
export function formBoolean(value: boolean): string {
  return value ? '1' : '0';
}

/** Any scalar as a form value. */
export function formValue(value: string | number | boolean): string {
  return typeof value === 'boolean' ? formBoolean(value) : String(value);
}
