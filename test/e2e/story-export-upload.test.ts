// `timeline export` through the platforms (issue 41), end to end: a channel's story — notes added
// from messages with "Add to timeline", their text made to look like formulas, quotes and mentions —
// exported as CSV reaches Slack as a file through files.getUploadURLExternal, a POST of its bytes to
// the upload URL and files.completeUploadExternal into the channel (never the retired files.upload),
// and Discord as the multipart attachment of the answer. The file's bytes are those `vpsops exec`
// prints for the same story (exec's terminal filter drops each line's carriage return).
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runExec } from '../../adapters/console/exec.js';
import { consoleActor, EXEC_CHANNEL } from '../../adapters/console/translate.js';
import type { Core } from '../../src/core/create-core.js';
import { DISCORD_USERS, startDiscordWorld, type DiscordWorld } from '../support/fake-discord-world.js';
import { SLACK_CHANNEL, SLACK_USERS, startSlackWorld, type SlackWorld } from '../support/fake-slack-world.js';
import { waitFor } from '../support/wait-for.js';

const EXPORT = 'timeline export --format csv --from 2000-01-01T00:00Z';
const NOTES = ['=HYPERLINK("http://x.example","click"), then 10.0.0.1', 'db-1 back, told @here <!channel>'];

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** What `vpsops exec` prints for the export of `platformKey`'s story (copied to exec's channel). */
async function execPrints(bot: Core, platformKey: string): Promise<string> {
  for (const entry of await bot.store.story.read(platformKey, 0, 100))
    await bot.store.story.append(`console:${EXEC_CHANNEL}`, entry);
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const code = await runExec(bot.dispatcher, {
    text: EXPORT,
    actor: consoleActor('ci'),
    stdout,
    stderr: new PassThrough(),
  });
  expect(code).toBe(0);
  return out;
}

/** The file as exec prints it: its lines without their carriage returns. */
const printed = (file: Buffer) => file.toString('utf8').replace(/\r\n/g, '\n');

/** The CSV's rows for the notes (each cell as RFC 4180 writes it, a formula defused). */
function expectNotesIn(csv: string): void {
  expect(csv.startsWith('time,event,server,by,to,approver,command,outcome,detail\r\n')).toBe(true);
  expect(csv).toContain(`"'=HYPERLINK(""http://x.example"",""click""), then 10.0.0.1"`);
  expect(csv).toContain('db-1 back, told @here <!channel>');
  expect(csv.split('\r\n').filter((line) => line.includes(',note,'))).toHaveLength(2);
}

describe('timeline export uploads the story file', () => {
  it('on Slack: getUploadURLExternal, the bytes to the upload URL, completeUploadExternal in the channel', async () => {
    const w: SlackWorld = await startSlackWorld();
    close = () => w.close();
    for (const [n, text] of NOTES.entries()) {
      await w.interact({
        type: 'message_action',
        callback_id: 'vps_timeline_add',
        trigger_id: `trigger-${n}`,
        action_ts: '1700000000.000100',
        team: { id: 'T0001', domain: 'acme' },
        user: { id: SLACK_USERS.operator, username: 'oscar', team_id: 'T0001' },
        channel: { id: SLACK_CHANNEL, name: 'ops' },
        message: { type: 'message', ts: `170000000${n}.000001`, user: SLACK_USERS.other, text },
        message_ts: `170000000${n}.000001`,
        response_url: w.slack.newResponseUrl(),
        token: 'legacy-verification-token',
      });
      await waitFor(async () => (await w.bot.store.story.read(`slack:${SLACK_CHANNEL}`, 0, 10)).length > n);
    }
    await w.slash(EXPORT);
    const upload = await waitFor(
      () => [...w.slack.uploads.values()].find((u) => u.completed),
      'the completed upload',
      10_000,
    );
    const [asked] = w.slack.callsTo('files.getUploadURLExternal');
    expect(asked?.args['filename']).toMatch(/^timeline-C0INCIDENT-\d{8}-\d{4}\.csv$/);
    expect(Number(asked?.args['length'])).toBe(upload.data.length);
    expect(upload.channel).toBe(SLACK_CHANNEL);
    expect(w.slack.callsTo('files.upload')).toEqual([]);
    expectNotesIn(upload.data.toString('utf8'));
    expect((await execPrints(w.bot, `slack:${SLACK_CHANNEL}`)).endsWith(printed(upload.data))).toBe(true);
  });

  it('on Discord: the multipart attachment of the answer', async () => {
    const w: DiscordWorld = await startDiscordWorld();
    close = () => w.close();
    const channel = `discord:${w.discord.world.channelId}`;
    for (const [n, content] of NOTES.entries()) {
      w.discord.messageCommand(DISCORD_USERS.operator, 'Add to timeline', { content }, DISCORD_USERS.viewer);
      await waitFor(async () => (await w.bot.store.story.read(channel, 0, 10)).length > n);
    }
    const i = w.discord.slash(DISCORD_USERS.operator, ['story', 'export'], {
      format: 'csv',
      from: '2000-01-01T00:00Z',
    });
    const edit = await waitFor(
      () => w.discord.calls.find((c) => c.path.includes(i.token) && c.files.length > 0),
      'the answer with the file',
      10_000,
    );
    const [file] = edit.files;
    expect(file?.name).toMatch(/^timeline-\d+-\d{8}-\d{4}\.csv$/);
    const data = file?.data ?? Buffer.alloc(0);
    expectNotesIn(data.toString('utf8'));
    expect((await execPrints(w.bot, channel)).endsWith(printed(data))).toBe(true);
  });
});
