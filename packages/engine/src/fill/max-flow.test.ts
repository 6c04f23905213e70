import { describe, expect, it } from 'vitest';
import { MaxFlow } from './max-flow';
import { createRng } from './rng';

interface Edge {
  p: number;
  q: number;
  capPQ: number;
  capQP: number;
}

interface Problem {
  nodes: number;
  source: Float64Array;
  sink: Float64Array;
  edges: Edge[];
}

/** Edmonds–Karp on a dense capacity matrix: node n is the source, n + 1 the sink. */
function referenceMaxFlow({ nodes, source, sink, edges }: Problem): number {
  const size = nodes + 2;
  const s = nodes;
  const t = nodes + 1;
  const cap = new Float64Array(size * size);
  for (let i = 0; i < nodes; i++) {
    cap[s * size + i] = source[i]!;
    cap[i * size + t] = sink[i]!;
  }
  for (const { p, q, capPQ, capQP } of edges) {
    cap[p * size + q] = cap[p * size + q]! + capPQ;
    cap[q * size + p] = cap[q * size + p]! + capQP;
  }
  let flow = 0;
  for (;;) {
    const previous = new Int32Array(size).fill(-1);
    previous[s] = s;
    const queue = [s];
    for (let head = 0; head < queue.length && previous[t]! < 0; head++) {
      const u = queue[head]!;
      for (let v = 0; v < size; v++) {
        if (previous[v]! < 0 && cap[u * size + v]! > 1e-12) {
          previous[v] = u;
          queue.push(v);
        }
      }
    }
    if (previous[t]! < 0) return flow;
    let bottleneck = Infinity;
    for (let v = t; v !== s; v = previous[v]!) {
      bottleneck = Math.min(bottleneck, cap[previous[v]! * size + v]!);
    }
    for (let v = t; v !== s; v = previous[v]!) {
      const u = previous[v]!;
      cap[u * size + v] = cap[u * size + v]! - bottleneck;
      cap[v * size + u] = cap[v * size + u]! + bottleneck;
    }
    flow += bottleneck;
  }
}

function load(graph: MaxFlow, { nodes, source, sink, edges }: Problem): void {
  graph.reset(nodes);
  for (let i = 0; i < nodes; i++) graph.addTerminal(i, source[i]!, sink[i]!);
  for (const { p, q, capPQ, capQP } of edges) graph.addEdge(p, q, capPQ, capQP);
}

/** Value of the cut that the solver's labelling defines. */
function cutValue(graph: MaxFlow, { nodes, source, sink, edges }: Problem): number {
  let value = 0;
  for (let i = 0; i < nodes; i++) value += graph.isSource(i) ? sink[i]! : source[i]!;
  for (const { p, q, capPQ, capQP } of edges) {
    if (graph.isSource(p) && !graph.isSource(q)) value += capPQ;
    if (graph.isSource(q) && !graph.isSource(p)) value += capQP;
  }
  return value;
}

function randomProblem(rng: () => number, nodes: number, edgeCount: number): Problem {
  const source = new Float64Array(nodes);
  const sink = new Float64Array(nodes);
  for (let i = 0; i < nodes; i++) {
    if (rng() < 0.4) source[i] = Math.floor(rng() * 10);
    if (rng() < 0.4) sink[i] = Math.floor(rng() * 10);
  }
  const edges: Edge[] = [];
  for (let e = 0; e < edgeCount; e++) {
    const p = Math.floor(rng() * nodes);
    const q = (p + 1 + Math.floor(rng() * (nodes - 1))) % nodes;
    edges.push({ p, q, capPQ: Math.floor(rng() * 8), capQP: rng() < 0.5 ? 0 : rng() * 8 });
  }
  return { nodes, source, sink, edges };
}

describe('MaxFlow', () => {
  it('finds the flow of a small graph worked by hand', () => {
    // s→0 (3), s→1 (2), 0→1 (1), 0→t (2), 1→t (3): max flow 5, every terminal edge full.
    const graph = new MaxFlow(2, 1);
    graph.reset(2);
    graph.addTerminal(0, 3, 2);
    graph.addTerminal(1, 2, 3);
    graph.addEdge(0, 1, 1, 0);
    expect(graph.solve()).toBe(5);
  });

  it('cuts the cheapest edge of a chain and labels each side', () => {
    // s→0 →1 →2 →3 →t with capacities 5, 4, 1, 6, 7 along the way: the 1→2 edge is the cut.
    const graph = new MaxFlow(4, 3);
    graph.reset(4);
    graph.addTerminal(0, 5, 0);
    graph.addTerminal(3, 0, 7);
    graph.addEdge(0, 1, 4, 0);
    graph.addEdge(1, 2, 1, 0);
    graph.addEdge(2, 3, 6, 0);
    expect(graph.solve()).toBe(1);
    expect([0, 1, 2, 3].map((i) => graph.isSource(i))).toEqual([true, true, false, false]);
  });

  it('folds negative terminal capacities into a constant', () => {
    const graph = new MaxFlow(1, 0);
    graph.reset(1);
    graph.addTerminal(0, 4, 1);
    graph.addTerminal(0, -2, 0);
    // On the source side the node pays its sink capacity 1; on the sink side 4 - 2 = 2.
    expect(graph.solve()).toBe(1);
    expect(graph.isSource(0)).toBe(true);
  });

  it('matches Edmonds–Karp on random graphs, and its cut has the flow value', () => {
    const rng = createRng(11);
    const graph = new MaxFlow(40, 200);
    for (let trial = 0; trial < 200; trial++) {
      const nodes = 2 + Math.floor(rng() * 38);
      const problem = randomProblem(rng, nodes, Math.floor(rng() * 5 * nodes));
      load(graph, problem);
      const flow = graph.solve();
      const expected = referenceMaxFlow(problem);
      expect(flow).toBeCloseTo(expected, 9);
      expect(cutValue(graph, problem)).toBeCloseTo(expected, 9);
    }
  });

  it('segments a noisy disc on a grid', () => {
    const size = 48;
    const rng = createRng(3);
    const inside = (x: number, y: number): boolean => (x - 24) ** 2 + (y - 24) ** 2 < 14 ** 2;
    const graph = new MaxFlow(size * size, 2 * size * size);
    graph.reset(size * size);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const i = y * size + x;
        const observed = (inside(x, y) ? 0.75 : 0.25) + (rng() - 0.5) * 0.9;
        // Foreground (source side) pays the distance to 0.75, background the distance to 0.25.
        graph.addTerminal(i, (observed - 0.25) ** 2, (observed - 0.75) ** 2);
        if (x + 1 < size) graph.addEdge(i, i + 1, 0.15, 0.15);
        if (y + 1 < size) graph.addEdge(i, i + size, 0.15, 0.15);
      }
    }
    graph.solve();
    let wrong = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) if (graph.isSource(y * size + x) !== inside(x, y)) wrong++;
    }
    expect(wrong).toBeLessThan(size * size * 0.01);
  });

  it('gives the same answer after a reset as a fresh instance', () => {
    const rng = createRng(5);
    const reused = new MaxFlow(30, 120);
    for (let trial = 0; trial < 20; trial++) {
      const problem = randomProblem(rng, 30, 120);
      const fresh = new MaxFlow(30, 120);
      load(fresh, problem);
      load(reused, problem);
      expect(reused.solve()).toBe(fresh.solve());
      for (let i = 0; i < 30; i++) expect(reused.isSource(i)).toBe(fresh.isSource(i));
    }
  });
});
