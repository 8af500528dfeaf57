// The adapter contract over the console: the real REPL, typed lines in and printed text out.
import { startConsoleDriver } from '../support/contract-console-driver.js';
import { describeAdapterContract } from './adapter-contract.js';

describeAdapterContract('console', startConsoleDriver);
