#!/usr/bin/env node
// `npm run bench`: runs every benchmark under bench/ through tsx and prints their ratio tables.
import { register } from 'tsx/esm/api';

register();
await import('../bench/index.ts');
