// Child process for the Slack benchmark's baseline: a bare Bolt app that only acks `/vps`, in its
// own process like the bot. Prints "bare bolt listening on <port>" once ready.
import { App, HTTPReceiver, LogLevel } from '@slack/bolt';

const secret = process.env.SLACK_SIGNING_SECRET ?? '';
const receiver = new HTTPReceiver({ signingSecret: secret, logLevel: LogLevel.ERROR });
const app = new App({
  token: process.env.SLACK_BOT_TOKEN,
  receiver,
  logLevel: LogLevel.ERROR,
  clientOptions: { slackApiUrl: process.env.SLACK_API_URL },
  deferInitialization: true,
});
app.command('/vps', async ({ ack }) => ack());
await app.init();
const server = await receiver.start({ port: 0, host: '127.0.0.1' });
const address = server.address();
process.stdout.write(`bare bolt listening on ${typeof address === 'object' && address ? address.port : 0}\n`);
process.once('SIGTERM', () => void receiver.stop().then(() => process.exit(0)));
