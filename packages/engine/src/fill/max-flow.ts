/**
 * Boykov–Kolmogorov max-flow / min-cut ("An experimental comparison of min-cut/max-flow
 * algorithms", PAMI 2004): two search trees grow from the source and the sink, meet, the path
 * found is augmented, and the nodes cut off from their tree (orphans) are re-adopted or freed.
 *
 * The graph lives in typed arrays sized once by the constructor; `reset` empties it for the next
 * problem without allocating. Usage:
 *
 * ```ts
 * const graph = new MaxFlow(maxNodes, maxEdges);
 * graph.reset(nodeCount);
 * graph.addTerminal(node, capFromSource, capToSink); // paid on the sink / source side
 * graph.addEdge(p, q, capPQ, capQP);
 * const flow = graph.solve(); // = min cut value, including constants folded by addTerminal
 * graph.isSource(node); // which side of the minimum cut
 * ```
 *
 * Edge capacities are finite and non-negative; terminal capacities may be negative (they are
 * folded into a constant, as in the reference implementation's `add_tweights`).
 */

/** `parent` of a node that hangs directly from a terminal. */
const TERMINAL = -2;
/** `parent` of a node that lost its parent arc and waits for adoption. */
const ORPHAN = -3;
/** `parent` of a node in neither tree. */
const FREE = -1;
/** Distance standing for "no path to a terminal" while adopting orphans. */
const INFINITE_DISTANCE = 0x3fffffff;

export class MaxFlow {
  private nodeCount = 0;
  private arcCount = 0;
  private flow = 0;
  private time = 0;

  /** First outgoing arc of each node (-1: none). */
  private readonly firstArc: Int32Array;
  /** Residual capacity source→node (> 0) or node→sink (< 0). */
  private readonly terminalCap: Float64Array;
  /** Arc to the parent in the node's search tree, or TERMINAL / ORPHAN / FREE. */
  private readonly parent: Int32Array;
  /** 1 when the node belongs to the sink tree. */
  private readonly inSinkTree: Uint8Array;
  /** Time stamp and distance to the terminal, for the "closest origin" heuristic. */
  private readonly stamp: Int32Array;
  private readonly distance: Int32Array;
  /** 1 while the node is queued as active (or is the current node). */
  private readonly active: Uint8Array;
  /** Ring buffer of active nodes. */
  private readonly activeQueue: Int32Array;
  private activeHead = 0;
  private activeSize = 0;
  /** Double-ended orphan queue: augment pushes to the front, adoption to the back. */
  private readonly orphans: Int32Array;
  private orphanHead = 0;
  private orphanSize = 0;

  /** Arc a and its sister a ^ 1 run in opposite directions. */
  private readonly arcHead: Int32Array;
  private readonly arcNext: Int32Array;
  private readonly residual: Float64Array;

  constructor(maxNodes: number, maxEdges: number) {
    this.firstArc = new Int32Array(maxNodes);
    this.terminalCap = new Float64Array(maxNodes);
    this.parent = new Int32Array(maxNodes);
    this.inSinkTree = new Uint8Array(maxNodes);
    this.stamp = new Int32Array(maxNodes);
    this.distance = new Int32Array(maxNodes);
    this.active = new Uint8Array(maxNodes);
    this.activeQueue = new Int32Array(maxNodes + 1);
    this.orphans = new Int32Array(maxNodes + 1);
    this.arcHead = new Int32Array(2 * maxEdges);
    this.arcNext = new Int32Array(2 * maxEdges);
    this.residual = new Float64Array(2 * maxEdges);
  }

  /** Empties the graph and gives it `nodeCount` nodes (0 … nodeCount-1) with no edges. */
  reset(nodeCount: number): void {
    if (nodeCount > this.firstArc.length) throw new RangeError('MaxFlow: too many nodes');
    this.nodeCount = nodeCount;
    this.arcCount = 0;
    this.flow = 0;
    this.firstArc.fill(-1, 0, nodeCount);
    this.terminalCap.fill(0, 0, nodeCount);
  }

  /**
   * Adds capacities source→node (paid when the node ends on the sink side) and node→sink (paid
   * when it ends on the source side). Repeated calls add up.
   */
  addTerminal(node: number, source: number, sink: number): void {
    const residual = this.terminalCap[node]!;
    if (residual > 0) source += residual;
    else sink -= residual;
    this.flow += source < sink ? source : sink;
    this.terminalCap[node] = source - sink;
  }

  /** Adds an edge p→q of capacity capPQ and q→p of capacity capQP. */
  addEdge(p: number, q: number, capPQ: number, capQP: number): void {
    const a = this.arcCount;
    if (a + 2 > this.arcHead.length) throw new RangeError('MaxFlow: too many edges');
    this.arcCount = a + 2;
    this.arcHead[a] = q;
    this.arcNext[a] = this.firstArc[p]!;
    this.firstArc[p] = a;
    this.residual[a] = capPQ;
    this.arcHead[a + 1] = p;
    this.arcNext[a + 1] = this.firstArc[q]!;
    this.firstArc[q] = a + 1;
    this.residual[a + 1] = capQP;
  }

  /** Computes the maximum flow (= the minimum cut, plus the constants of `addTerminal`). */
  solve(): number {
    this.initTrees();
    const { parent, inSinkTree, firstArc, arcNext, arcHead, residual, stamp, distance } = this;
    let current = -1;
    for (;;) {
      let i = current;
      if (i >= 0) {
        this.active[i] = 0;
        if (parent[i] === FREE) i = -1;
      }
      if (i < 0) {
        i = this.nextActive();
        if (i < 0) break;
      }
      let meeting = -1;
      const sink = inSinkTree[i]!;
      const stampI = stamp[i]!;
      const distanceI = distance[i]!;
      for (let a = firstArc[i]!; a >= 0; a = arcNext[a]!) {
        // Source tree (sink = 0): grow along arcs out of i; sink tree: along arcs into i.
        if (residual[a ^ sink] === 0) continue;
        const j = arcHead[a]!;
        if (parent[j] === FREE) {
          inSinkTree[j] = sink;
          parent[j] = a ^ 1;
          stamp[j] = stampI;
          distance[j] = distanceI + 1;
          this.setActive(j);
        } else if (inSinkTree[j] !== sink) {
          meeting = a ^ sink;
          break;
        } else if (stamp[j]! <= stampI && distance[j]! > distanceI) {
          parent[j] = a ^ 1;
          stamp[j] = stampI;
          distance[j] = distanceI + 1;
        }
      }
      this.time++;
      if (meeting >= 0) {
        this.active[i] = 1;
        current = i;
        this.augment(meeting);
        this.adoptOrphans();
      } else {
        current = -1;
      }
    }
    return this.flow;
  }

  /**
   * True when the node is on the source side of the minimum cut found by `solve`: every node
   * that cannot reach the sink in the residual graph (so ties go to the source side).
   */
  isSource(node: number): boolean {
    return this.parent[node] === FREE || this.inSinkTree[node] === 0;
  }

  private initTrees(): void {
    this.activeHead = 0;
    this.activeSize = 0;
    this.orphanHead = 0;
    this.orphanSize = 0;
    this.time = 0;
    const { parent, inSinkTree, terminalCap, stamp, distance, active } = this;
    for (let i = 0; i < this.nodeCount; i++) {
      active[i] = 0;
      stamp[i] = 0;
      const cap = terminalCap[i]!;
      if (cap === 0) {
        parent[i] = FREE;
        continue;
      }
      inSinkTree[i] = cap < 0 ? 1 : 0;
      parent[i] = TERMINAL;
      distance[i] = 1;
      this.setActive(i);
    }
  }

  private setActive(node: number): void {
    if (this.active[node] === 1) return;
    this.active[node] = 1;
    const capacity = this.activeQueue.length;
    let slot = this.activeHead + this.activeSize;
    if (slot >= capacity) slot -= capacity;
    this.activeQueue[slot] = node;
    this.activeSize++;
  }

  /** Next active node still in a tree, or -1. */
  private nextActive(): number {
    const capacity = this.activeQueue.length;
    while (this.activeSize > 0) {
      const node = this.activeQueue[this.activeHead]!;
      this.activeHead = this.activeHead + 1 === capacity ? 0 : this.activeHead + 1;
      this.activeSize--;
      this.active[node] = 0;
      if (this.parent[node] !== FREE) return node;
    }
    return -1;
  }

  private orphanFront(node: number): void {
    this.parent[node] = ORPHAN;
    this.orphanHead = this.orphanHead === 0 ? this.orphans.length - 1 : this.orphanHead - 1;
    this.orphans[this.orphanHead] = node;
    this.orphanSize++;
  }

  private orphanRear(node: number): void {
    this.parent[node] = ORPHAN;
    const capacity = this.orphans.length;
    let slot = this.orphanHead + this.orphanSize;
    if (slot >= capacity) slot -= capacity;
    this.orphans[slot] = node;
    this.orphanSize++;
  }

  /** Pushes the bottleneck along source → … → middle arc → … → sink. */
  private augment(middle: number): void {
    const { parent, arcHead, residual, terminalCap } = this;
    let bottleneck = residual[middle]!;
    let i = arcHead[middle ^ 1]!;
    for (let a = parent[i]!; a !== TERMINAL; a = parent[i]!) {
      if (bottleneck > residual[a ^ 1]!) bottleneck = residual[a ^ 1]!;
      i = arcHead[a]!;
    }
    if (bottleneck > terminalCap[i]!) bottleneck = terminalCap[i]!;
    i = arcHead[middle]!;
    for (let a = parent[i]!; a !== TERMINAL; a = parent[i]!) {
      if (bottleneck > residual[a]!) bottleneck = residual[a]!;
      i = arcHead[a]!;
    }
    if (bottleneck > -terminalCap[i]!) bottleneck = -terminalCap[i]!;

    residual[middle ^ 1]! += bottleneck;
    residual[middle]! -= bottleneck;
    i = arcHead[middle ^ 1]!;
    for (let a = parent[i]!; a !== TERMINAL; a = parent[i]!) {
      residual[a]! += bottleneck;
      residual[a ^ 1]! -= bottleneck;
      if (residual[a ^ 1] === 0) this.orphanFront(i);
      i = arcHead[a]!;
    }
    terminalCap[i]! -= bottleneck;
    if (terminalCap[i] === 0) this.orphanFront(i);
    i = arcHead[middle]!;
    for (let a = parent[i]!; a !== TERMINAL; a = parent[i]!) {
      residual[a ^ 1]! += bottleneck;
      residual[a]! -= bottleneck;
      if (residual[a] === 0) this.orphanFront(i);
      i = arcHead[a]!;
    }
    terminalCap[i]! += bottleneck;
    if (terminalCap[i] === 0) this.orphanFront(i);
    this.flow += bottleneck;
  }

  private adoptOrphans(): void {
    const capacity = this.orphans.length;
    while (this.orphanSize > 0) {
      const node = this.orphans[this.orphanHead]!;
      this.orphanHead = this.orphanHead + 1 === capacity ? 0 : this.orphanHead + 1;
      this.orphanSize--;
      this.adopt(node, this.inSinkTree[node]!);
    }
  }

  /**
   * Finds the orphan a new parent in its own tree (the one closest to the terminal among
   * neighbours whose path to the terminal is intact), or frees it and orphans its children.
   */
  private adopt(i: number, sink: number): void {
    const { parent, inSinkTree, firstArc, arcNext, arcHead, residual, stamp, distance } = this;
    const time = this.time;
    let bestArc = -1;
    let bestDistance = INFINITE_DISTANCE;
    // The arc from the neighbour into i (source tree) or out of i (sink tree, sink = 1).
    const toward = sink ^ 1;
    for (let a0 = firstArc[i]!; a0 >= 0; a0 = arcNext[a0]!) {
      if (residual[a0 ^ toward] === 0) continue;
      let j = arcHead[a0]!;
      if (inSinkTree[j] !== sink || parent[j] === FREE) continue;
      let d = 0;
      for (;;) {
        if (stamp[j] === time) {
          d += distance[j]!;
          break;
        }
        const a = parent[j]!;
        d++;
        if (a === TERMINAL) {
          stamp[j] = time;
          distance[j] = 1;
          break;
        }
        if (a === ORPHAN) {
          d = INFINITE_DISTANCE;
          break;
        }
        j = arcHead[a]!;
      }
      if (d >= INFINITE_DISTANCE) continue;
      if (d < bestDistance) {
        bestArc = a0;
        bestDistance = d;
      }
      for (j = arcHead[a0]!; stamp[j] !== time; j = arcHead[parent[j]!]!) {
        stamp[j] = time;
        distance[j] = d--;
      }
    }
    if (bestArc >= 0) {
      parent[i] = bestArc;
      stamp[i] = time;
      distance[i] = bestDistance + 1;
      return;
    }
    parent[i] = FREE;
    for (let a0 = firstArc[i]!; a0 >= 0; a0 = arcNext[a0]!) {
      const j = arcHead[a0]!;
      const a = parent[j]!;
      if (inSinkTree[j] !== sink || a === FREE) continue;
      if (residual[a0 ^ toward] !== 0) this.setActive(j);
      if (a !== TERMINAL && a !== ORPHAN && arcHead[a] === i) this.orphanRear(j);
    }
  }
}
