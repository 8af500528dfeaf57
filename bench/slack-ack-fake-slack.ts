// Child process for the Slack benchmark: the fake Slack Web API and response_urls, in a process of
// their own so that answering (and conformance-checking) the bot's posts never delays the load
// generator's clock. Prints "fake slack <json>" once listening, then "post <epoch ms>" per post and
// "lookup <epoch ms>" per users.info (the bot's locale lookup, not an answer). Users whose id
// matches FAKE_SLACK_ID_USERS (a regular expression) have the locale id-ID, the others en-US.
import { FakeSlack } from '../test/support/fake-slack.js';

const slack = await new FakeSlack().start();
const indonesian = process.env.FAKE_SLACK_ID_USERS ? new RegExp(process.env.FAKE_SLACK_ID_USERS) : null;
if (indonesian) {
  const known = slack.userLocales.get.bind(slack.userLocales);
  slack.userLocales.get = (id: string) => known(id) ?? (indonesian.test(id) ? 'id-ID' : undefined);
}
const stamp = () => (performance.timeOrigin + performance.now()).toFixed(3);
const report = <T extends object>(list: T[]) => {
  const push = list.push.bind(list);
  list.push = (...items: T[]) => {
    const length = push(...items);
    for (const item of items)
      process.stdout.write(
        `${'method' in item && item.method === 'users.info' ? 'lookup' : 'post'} ${stamp()}\n`,
      );
    return length;
  };
};
report(slack.responses);
report(slack.calls);
const base = slack.apiUrl.replace(/\/api\/$/, '');
process.stdout.write(
  `fake slack ${JSON.stringify({ apiUrl: slack.apiUrl, botToken: slack.botToken, base })}\n`,
);
process.once('SIGTERM', () => {
  // Findings would fail close(); the bench only needs the server gone.
  slack.findings.length = 0;
  void slack.close().then(() => process.exit(0));
});
