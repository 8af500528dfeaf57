// Socket Mode for the fake Slack: apps.connections.open hands out a ws:// URL on the same server,
// the fake says hello, pushes envelopes (slash commands, interactions) and collects the acks.
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FakeSlack } from './fake-slack.js';

/** The fake's side of a Socket Mode connection. */
export interface FakeSocketMode {
  /** Resolves once the app has connected and been greeted. */
  connected: Promise<void>;
  /** Pushes an envelope; resolves with the app's ack (its optional payload). */
  push(
    type: 'slash_commands' | 'interactive',
    payload: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Turns on Socket Mode for `fake`, accepting `appToken`. */
export function attachSocketMode(fake: FakeSlack, appToken: string): FakeSocketMode {
  const server = fake.httpServer;
  if (!server) throw new Error('start the fake Slack first');
  const wss = new WebSocketServer({ noServer: true });
  const waiting = new Map<string, (payload: Record<string, unknown>) => void>();
  let socket: WebSocket | undefined;
  let greeted!: () => void;
  const connected = new Promise<void>((resolve) => (greeted = resolve));
  fake.socketMode = { appToken, url: `${fake.baseUrl.replace('http', 'ws')}/link` };

  server.on('upgrade', (req, sock, head) => {
    if (!req.url?.startsWith('/link')) return void sock.destroy();
    wss.handleUpgrade(req, sock, head, (ws) => {
      socket = ws;
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as {
          envelope_id?: string;
          payload?: Record<string, unknown>;
        };
        if (message.envelope_id) waiting.get(message.envelope_id)?.(message.payload ?? {});
      });
      ws.send(JSON.stringify({ type: 'hello', num_connections: 1, connection_info: { app_id: 'A0001' } }));
      greeted();
    });
  });

  return {
    connected,
    push(type, payload) {
      const envelopeId = randomUUID();
      return new Promise((resolve, reject) => {
        if (!socket) return reject(new Error('no Socket Mode connection'));
        waiting.set(envelopeId, resolve);
        socket.send(
          JSON.stringify({ envelope_id: envelopeId, type, payload, accepts_response_payload: true }),
        );
      });
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
