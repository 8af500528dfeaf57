// A private network topology (spec 2.4: nodes + edges meant for a drawing canvas) as a text tree
// that reads in any chat: roots first, children indented, unconnected nodes listed at the end.
import type { PrivateNetworkGraph } from '../../src/api/index.js';
import { present } from './format.js';

interface Node {
  id: string;
  type: string;
  label: string;
  detail: string;
  parent: string | null;
}

function toNode(raw: PrivateNetworkGraph['nodes'][number]): Node {
  const data = raw.data ?? {};
  const label = present(data.label) ?? present(data.hostname) ?? present(data.name) ?? raw.id;
  const details = [data.private_ip, data.ip, data.status].map(present).filter((v): v is string => v !== null);
  return {
    id: raw.id,
    type: present(raw.type) ?? 'node',
    label,
    detail: [...new Set(details)].join(' · '),
    parent: present(raw.parent),
  };
}

/** Render the graph; returns the tree text and counts for the summary line. */
export function graphTree(graph: PrivateNetworkGraph): { tree: string; nodes: number; edges: number } {
  const nodes = graph.nodes.map(toNode);
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
  for (const e of graph.edges) link(e.source, e.target, present(e.label));
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
  return { tree: lines.join('\n'), nodes: nodes.length, edges: graph.edges.length };
}
