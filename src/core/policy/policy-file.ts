// Reads and validates the policy file (YAML + zod). Every problem becomes a ConfigError naming the
// file, the line and what is wrong, so a bad policy stops the bot before it serves anyone.
import { readFileSync } from 'node:fs';
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import type { Runbook } from './runbooks.js';
import { APPROVAL_NOTICES, oncallMismatches, policySchemaFor, type PolicyPlatform } from './policy-schema.js';

/** Role names, lowest to highest. */
export const ROLE_NAMES = ['viewer', 'operator', 'admin'] as const;
/** One of the three nested roles a policy can grant. */
export type RoleName = (typeof ROLE_NAMES)[number];

/** The validated content of a policy file. */
export interface PolicyFile {
  roles: Record<RoleName, string[]>;
  /** Channel allow-lists by risk; absent means "any channel". */
  channels: { destructive?: string[]; change?: string[] };
  twoPerson: string[];
  /** `approvals.notify`: how a two-person request reaches its approvers (default channel). */
  approvalNotice: (typeof APPROVAL_NOTICES)[number];
  /** `oncall`: channel (`slack:C0123`, `discord:<id>` or a bare id) → user group / role its reminders mention. */
  oncall: Record<string, string>;
  aliases: Record<string, string>;
  /** Alert cards' runbook links by hostname glob, in file order. */
  runbooks: Runbook[];
}

type Path = (string | number)[];

function lineOf(doc: Document, counter: LineCounter, path: Path, key?: string): number | null {
  let node: unknown =
    doc.getIn(path, true) ?? (path.length ? doc.getIn(path.slice(0, -1), true) : doc.contents);
  if (key !== undefined && isMap(node)) {
    const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === key);
    node = pair && isPair(pair) ? pair.key : node;
  }
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range ? counter.linePos(range[0]).line : null;
}

function fail(file: string, line: number | null, problem: string): never {
  throw new ConfigError(`Policy file ${file}${line ? `, line ${line}` : ''}: ${problem}`);
}

/** At most this many problems are reported at once. */
const MAX_PROBLEMS = 10;

interface Problem {
  line: number | null;
  text: string;
}

/** One problem: as before for a single one; otherwise every problem on its own line, with its line. */
function failAll(file: string, problems: Problem[]): never {
  if (problems.length === 1) fail(file, problems[0]!.line, problems[0]!.text);
  const shown = problems.slice(0, MAX_PROBLEMS).map((p) => `  ${p.line ? `line ${p.line}: ` : ''}${p.text}`);
  const more = problems.length > MAX_PROBLEMS ? [`  …and ${problems.length - MAX_PROBLEMS} more`] : [];
  throw new ConfigError(
    `Policy file ${file} has ${problems.length} problems:\n${[...shown, ...more].join('\n')}`,
  );
}

/** What to write instead, per place, when zod says a list was expected. */
function listExample(path: readonly (string | number)[], platforms: readonly PolicyPlatform[]): string {
  const member = platforms.flatMap((p) => p.memberExamples)[0];
  const channel = platforms.flatMap((p) => p.channelExample ?? [])[0];
  if (path[0] === 'roles' && member) return `[${member}]`;
  if (path[0] === 'channels' && channel) return `[${channel}]`;
  return '["instance delete"]';
}

/** zod's wording ("Invalid input: expected array, received string") as a plain sentence. */
function plainIssue(
  issue: z.core.$ZodIssue,
  path: (string | number)[],
  value: unknown,
  platforms: readonly PolicyPlatform[],
): string {
  const where = path.join('.') || 'the file';
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'array') return `${where} must be a list, e.g. ${listExample(path, platforms)}`;
    if (issue.expected === 'object' || issue.expected === 'record')
      return `${where} must be a mapping of names to values`;
    if (issue.expected === 'string') return `${where} must be text`;
  }
  const shown = typeof value === 'string' ? ` "${value}"` : '';
  return `${where}${shown}: ${issue.message}`;
}

/** Parses policy YAML text; `commandPaths` lets two_person entries be checked against real commands, `platforms` (the catalogue's) says how members, channels and on-call targets look. */
export function parsePolicy(
  text: string,
  file: string,
  commandPaths: readonly string[],
  platforms: readonly PolicyPlatform[],
): PolicyFile {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    failAll(
      file,
      doc.errors.map((syntax) => ({
        line: syntax.linePos?.[0]?.line ?? counter.linePos(syntax.pos[0]).line,
        text: `YAML syntax error: ${syntax.message.split('\n')[0]}`,
      })),
    );
  }
  const raw: unknown = doc.toJS() ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    fail(file, 1, 'expected a mapping with roles, channels, approvals, aliases');
  const parsed = policySchemaFor(platforms).safeParse(raw);
  if (!parsed.success) {
    const problems: Problem[] = [];
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      if (issue.code === 'unrecognized_keys') {
        const where = path.length ? path.join('.') : 'top level';
        for (const key of issue.keys) {
          const problem =
            path[0] === 'roles'
              ? `unknown role "${key}" (roles are admin, operator, viewer)`
              : `unknown key "${key}" at ${where}${path.length ? '' : ' (expected roles, channels, approvals, aliases, runbooks)'}`;
          problems.push({ line: lineOf(doc, counter, path, key), text: problem });
        }
        continue;
      }
      problems.push({
        line: lineOf(doc, counter, path),
        text: plainIssue(issue, path, doc.getIn(path), platforms),
      });
    }
    failAll(file, problems);
  }
  const data = parsed.data;
  const twoPerson = data.approvals?.two_person ?? [];
  const unknown: Problem[] = [];
  twoPerson.forEach((entry, index) => {
    const normalised = entry.trim().replace(/\s+/g, ' ');
    if (!commandPaths.includes(normalised)) {
      unknown.push({
        line: lineOf(doc, counter, ['approvals', 'two_person', index]),
        text: `approvals.two_person: "${entry}" is not a command`,
      });
    }
  });
  unknown.push(
    ...oncallMismatches(data.oncall ?? {}, (key) => lineOf(doc, counter, ['oncall'], key), platforms),
  );
  if (unknown.length > 0) failAll(file, unknown);
  const channels: PolicyFile['channels'] = {};
  if (data.channels?.destructive) channels.destructive = data.channels.destructive;
  if (data.channels?.change) channels.change = data.channels.change;
  return {
    roles: {
      admin: data.roles?.admin ?? [],
      operator: data.roles?.operator ?? [],
      viewer: data.roles?.viewer ?? [],
    },
    channels,
    twoPerson: twoPerson.map((e) => e.trim().replace(/\s+/g, ' ')),
    approvalNotice: data.approvals?.notify ?? 'channel',
    oncall: data.oncall ?? {},
    aliases: data.aliases ?? {},
    runbooks: Object.entries(data.runbooks ?? {}).map(([glob, url]) => ({ glob, url })),
  };
}

/**
 * Reads the policy file. A missing file is "no policy" (null) unless the path was set explicitly,
 * in which case — like any unreadable or invalid file — it is a ConfigError.
 */
export function readPolicyFile(
  path: string,
  explicit: boolean,
  commandPaths: readonly string[],
  platforms: readonly PolicyPlatform[],
): PolicyFile | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !explicit) return null;
    throw new ConfigError(
      `Policy file ${path}: ${code === 'ENOENT' ? 'not found (set by VPSOPS_POLICY)' : `cannot be read (${code ?? 'error'})`}`,
    );
  }
  return parsePolicy(text, path, commandPaths, platforms);
}
