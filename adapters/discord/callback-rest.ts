// In HTTP interactions mode Discord expects the first answer to an interaction (defer, modal,
// autocomplete choices…) as the body of its own POST's response, not as a REST callback. This REST
// client lets the unchanged interaction handlers run: a callback for an interaction that arrived
// over HTTP is handed to that request's waiting response; every other call goes to Discord as usual.
import { REST, type RESTOptions, type RequestData, type RouteLike } from 'discord.js';

const CALLBACK_ROUTE = /^\/interactions\/(\d+)\/[^/]+\/callback$/;

/** Where a captured callback body goes (resolves once it is written to the HTTP response). */
export type CallbackSink = (body: unknown) => Promise<void>;

/** A REST client whose interaction callbacks can be answered in an HTTP response instead. */
export class CallbackCapturingRest extends REST {
  private readonly sinks = new Map<string, CallbackSink>();

  constructor(options: Partial<RESTOptions>) {
    super(options);
  }

  /** Routes the first callback of interaction `id` to `sink`; returns the way to stop waiting. */
  capture(id: string, sink: CallbackSink): () => void {
    this.sinks.set(id, sink);
    return () => {
      if (this.sinks.get(id) === sink) this.sinks.delete(id);
    };
  }

  override async post(route: RouteLike, options: RequestData = {}): Promise<unknown> {
    const id = CALLBACK_ROUTE.exec(route)?.[1];
    const sink = id === undefined ? undefined : this.sinks.get(id);
    if (id === undefined || !sink) return super.post(route, options);
    this.sinks.delete(id);
    if (options.files?.length) throw new Error('an HTTP interaction response cannot carry files');
    await sink(options.body ?? {});
    return undefined;
  }
}
