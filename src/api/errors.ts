// Typed hosting-API errors: a closed set of codes with a chat-fit message. Never carries the API key.

/** Every way a hosting-API call can fail, as seen by the rest of the bot. */
export const API_ERROR_CODES = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'INVALID_INPUT',
  'CONFLICT',
  'RATE_LIMITED',
  'UPSTREAM_ERROR',
  'UPSTREAM_INVALID',
  'TIMEOUT',
  'NETWORK',
] as const;

/** One of the closed set of hosting-API failure codes, so callers can switch on them exhaustively. */
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Short explanation of each code, fit for a chat message. */
const CODE_TEXT: Record<ApiErrorCode, string> = {
  UNAUTHORIZED: 'the hosting API rejected the bot’s API key',
  FORBIDDEN: 'the hosting API refused this operation',
  NOT_FOUND: 'the hosting API does not know that resource',
  INVALID_INPUT: 'the hosting API rejected the input',
  CONFLICT: 'the resource is in a state that does not allow this',
  RATE_LIMITED: 'the hosting API is rate limiting the bot',
  UPSTREAM_ERROR: 'the hosting API failed',
  UPSTREAM_INVALID: 'the hosting API sent a response the bot cannot use',
  TIMEOUT: 'the hosting API did not answer in time',
  NETWORK: 'the hosting API could not be reached',
};

/** What the client checks itself before any request (src/api/validate.ts). */
export type InputRule = 'uuid' | 'positiveInt' | 'nonNegativeInt' | 'notEmpty';

/**
 * Input the client refused without sending anything: a catalogue key (`api.input.<rule>`, in
 * src/i18n/api-*.ts) and its values, which the core says in the reader's language. src/api imports
 * no catalogue, so the key is only named here.
 */
export interface InputRefusal {
  key: `api.input.${InputRule}`;
  values: { name: string };
}

/** A failed hosting-API call: code, endpoint name, HTTP status and the API's own message if any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ApiErrorCode,
    /** Endpoint name, e.g. "instance.detail" (never a URL with secrets). */
    readonly endpoint: string,
    options: {
      status?: number;
      apiMessage?: string;
      retryAfterMs?: number;
      cause?: unknown;
      /** Ids the request named (path params such as backup_uuid, id-like query values); never secrets. */
      ids?: Record<string, string>;
      /** Short non-secret detail, e.g. "127.0.0.1:1, ECONNREFUSED" for an unreachable API. */
      detail?: string;
      /** The request reached (or may have reached) the API and what it did cannot be known. */
      outcomeUnknown?: boolean;
      /** Refused by the client before any request (INVALID_INPUT without a status). */
      inputRefusal?: InputRefusal;
    } = {},
  ) {
    super(`${endpoint}: ${CODE_TEXT[code]}${options.apiMessage ? ` (${options.apiMessage})` : ''}`, {
      cause: options.cause,
    });
    this.status = options.status;
    this.apiMessage = options.apiMessage;
    this.retryAfterMs = options.retryAfterMs;
    this.ids = options.ids ?? {};
    this.detail = options.detail;
    this.outcomeUnknown = options.outcomeUnknown ?? false;
    this.inputRefusal = options.inputRefusal;
  }
  readonly status: number | undefined;
  readonly apiMessage: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly ids: Readonly<Record<string, string>>;
  readonly detail: string | undefined;
  /**
   * True when a state-changing call was sent but its result cannot be known (reset or timeout after
   * sending, 2xx with an unusable body, 5xx from a proxy): it may have happened, so never "try again".
   */
  readonly outcomeUnknown: boolean;
  /** Set when the client refused the input itself: what to tell the user, in their language. */
  readonly inputRefusal: InputRefusal | undefined;

  /** One line for chat: what failed and why, without internals. */
  chatText(): string {
    const status = this.status ? ` (HTTP ${this.status})` : this.detail ? ` (${this.detail})` : '';
    const detail = this.apiMessage ? `: “${this.apiMessage}”` : '';
    const line = `${capitalise(CODE_TEXT[this.code])}${status}${detail}`;
    // The API's own message usually ends in a full stop already; never print two (” as \u201D: bin/build.js).
    return /[.!?]\u201D?$/.test(line) ? line : `${line}.`;
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Narrowing helper usable across module boundaries. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
