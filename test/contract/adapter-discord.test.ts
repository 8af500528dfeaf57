// The adapter contract over Discord: the real discord.js client on the fake gateway and REST API.
import { discordDriver } from '../support/contract-discord-driver.js';
import { describeAdapterContract } from './adapter-contract.js';

describeAdapterContract('discord (gateway)', discordDriver({ http: false }));
