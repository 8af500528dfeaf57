// The adapter contract over Slack: signed requests into the real Bolt app against the fake Slack.
import { startSlackDriver } from '../support/contract-slack-driver.js';
import { describeAdapterContract } from './adapter-contract.js';

describeAdapterContract('slack', startSlackDriver);
