// The adapter contract over Discord's HTTP interactions mode: signed POSTs to the adapter's endpoint.
import { discordDriver } from '../support/contract-discord-driver.js';
import { describeAdapterContract } from './adapter-contract.js';

describeAdapterContract('discord (HTTP interactions)', discordDriver({ http: true }));
