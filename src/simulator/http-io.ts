// Low-level request/response helpers: read and parse bodies, write JSON, and the error handlers throw.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A failure a handler reports as an HTTP status with a JSON `{ message }` body. */
export class SimError extends Error {
  override readonly name = 'SimError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 64 * 1024;

/** Reads the whole request body (bounded), as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new SimError(413, 'The request body is too large.');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Parses a form-urlencoded body (the service's format) into string fields. A JSON object body is
 * accepted too, its scalar values turned into strings, as the real (Laravel-style) service would.
 */
export function parseForm(text: string, contentType: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  if (text.trim() === '') return fields;
  if (contentType?.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new SimError(400, 'The request body is not valid JSON.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new SimError(422, 'The request body must be an object.');
    }
    for (const [key, value] of Object.entries(parsed)) {
      if (value !== null && value !== undefined) fields[key] = String(value);
    }
    return fields;
  }
  for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
  return fields;
}

/** Writes a JSON response; `extraHeaders` e.g. Retry-After. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): void {
  sendRaw(res, status, JSON.stringify(body), extraHeaders);
}

/** Writes a body verbatim with a JSON content type (the malformed fault uses this). */
export function sendRaw(
  res: ServerResponse,
  status: number,
  text: string,
  extraHeaders: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...extraHeaders,
  });
  res.end(text);
}
