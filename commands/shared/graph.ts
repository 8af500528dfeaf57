// A private network topology (spec 2.4: nodes + edges meant for a drawing canvas) as a text tree
// that reads in any chat: roots first, children indented, unconnected nodes listed at the end.
import type { PrivateNetworkGraph } from '../../src/api/index.js';
import { DASH, show } from './format.js';

interface Node {
  id: string;
  type: string;
  label: string;
  detail: string;
  parent: string | null;
}

function text(value: unknown): string | null {
  const s = show(value);
  return s === DASH ? null : s;
}

function toNode(raw: unknown): Node | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = text(r.id);
  if (!id) return null;
  const data = (r.data && typeof r.data === 'object' ? r.data : {}) as Record<string, unknown>;
  const label = text(data.label) ?? text(data.hostname) ?? text(data.name) ?? id;
  const details = [data.private_ip, data.ip, data.status].map(text).filter((v): v is string => v !== null);
  return {
    id,
    type: text(r.type) ?? 'node',
    label,
    detail: [...new Set(details)].join(' · '),
    parent: text(r.parent),
  };
}

/** Render the graph; returns the tree text and counts for the summary line. */
export function graphTree(graph: PrivateNetworkGraph): { tree: string; nodes: number; edges: number } {
  const g = graph as unknown as { nodes?: unknown; edges?: unknown };
  const nodes = (Array.isArray(g.nodes) ? g.nodes : []).map(toNode).filter((n): n is Node => n !== null);
  const rawEdges = Array.isArray(g.edges) ? g.edges : [];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<string, { id: string; label: string | null }[]>();
  const hasParent = new Set<string>();
  const link = (from: string, to: string, label: string | null) => {
    if (!byId.has(from) || !byId.has(to) || from === to) return;
    const list = children.get(from) ?? [];
    if (!list.some((c) => c.id === to)) list.push({ id: to, label });
    children.set(from, list);
    hasParent.add(to);
  };
  let edgeCount = 0;
  for (const raw of rawEdges) {
    if (!raw || typeof raw !== 'object') continue;
    const e = raw as Record<string, unknown>;
    const source = text(e.source);
    const target = text(e.target);
    if (source && target) {
      edgeCount += 1;
      link(source, target, text(e.label));
    }
  }
  for (const n of nodes) if (n.parent) link(n.parent, n.id, null);

  const lines: string[] = [];
  const seen = new Set<string>();
  const describe = (n: Node, via: string | null) =>
    `${n.label} (${n.type}${n.detail ? `, ${n.detail}` : ''})${via && !n.detail.includes(via) ? ` — ${via}` : ''}`;
  const walk = (id: string, prefix: string, last: boolean, via: string | null, root: boolean) => {
    const node = byId.get(id);
    if (!node) return;
    const branch = root ? '' : last ? '└─ ' : '├─ ';
    if (seen.has(id)) {
      lines.push(`${prefix}${branch}${node.label} (see above)`);
      return;
    }
    seen.add(id);
    lines.push(`${prefix}${branch}${describe(node, via)}`);
    const kids = children.get(id) ?? [];
    const nextPrefix = root ? '' : `${prefix}${last ? '   ' : '│  '}`;
    kids.forEach((kid, i) => walk(kid.id, root ? '' : nextPrefix, i === kids.length - 1, kid.label, false));
  };
  for (const n of nodes) if (!hasParent.has(n.id)) walk(n.id, '', true, null, true);
  for (const n of nodes) if (!seen.has(n.id)) walk(n.id, '', true, null, true);
  return { tree: lines.join('\n'), nodes: nodes.length, edges: edgeCount };
}
