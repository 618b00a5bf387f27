import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The modules import each other one way (docs/ARCHITECTURE.md, rules of thumb): no two modules, and
 * no longer ring of them, depend on each other. A module's files reach another only through its
 * face ('../<module>'), which ESLint enforces, so the graph is read from those imports.
 */
const modulesDir = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const e of fs.readdirSync(modulesDir, { withFileTypes: true })) {
    if (!e.isDirectory()) continue;
    const uses = new Set<string>();
    for (const file of sources(path.join(modulesDir, e.name))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/from '\.\.\/([a-z][a-z-]*)'/g))
        if (m[1] !== e.name) uses.add(m[1]!);
    }
    graph.set(e.name, uses);
  }
  return graph;
}

/** Every cycle's members, as strings 'a -> b -> a' (depth-first search, each cycle once per start). */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const visit = (node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = trail.indexOf(next);
      if (at >= 0) {
        const ring = trail.slice(at);
        const start = ring.indexOf([...ring].sort()[0]!);
        found.add([...ring.slice(start), ...ring.slice(0, start), ring[start]].join(' -> '));
      } else if (trail.length < graph.size) visit(next, [...trail, next]);
    }
  };
  for (const node of graph.keys()) visit(node, [node]);
  return [...found];
}

describe('server modules', () => {
  it('import each other without cycles', () => {
    const graph = moduleGraph();
    expect(graph.get('users')).toBeDefined();
    expect(cycles(graph)).toEqual([]);
  });
});
