// The Slack SDK's debug output goes through our redacting logger, minus message bodies.
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { toBoltLogger } from '../../../../adapters/slack/bolt-logger.js';

describe('Slack SDK logging', () => {
  it('keeps Web API request and response bodies out of the debug log', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const bolt = toBoltLogger(pino({ level: 'debug' }, sink));
    bolt.debug('http request body: {"text":"password hunter2"}');
    bolt.debug('http request result: {"ok":true,"text":"password hunter2"}');
    bolt.debug('apiCall(chat.postMessage) start');
    expect(lines.join('')).not.toContain('hunter2');
    expect(lines.join('')).toContain('apiCall(chat.postMessage) start');
  });
});
