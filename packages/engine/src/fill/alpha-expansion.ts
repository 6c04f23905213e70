/**
 * Alpha-expansion (Boykov, Veksler and Zabih, PAMI 2001) on a 4-connected grid where only some
 * pixels take part. Each move lets every free pixel either keep its label or switch to one label
 * alpha, and finds the best such move with one minimum cut (`MaxFlow`).
 *
 * The pairwise term need not be a metric (shift-map costs are not). Where a move's pair term is
 * not submodular, V(a,b) > V(a,α) + V(α,b), the two terms that involve alpha are raised until it
 * is ("truncation", Rother et al. 2005). The move's energy then bounds the true energy from above
 * and equals it at the current labelling, so a move never raises the true energy; the change is
 * also checked exactly and undone if rounding ever made it worse.
 */
import type { MaxFlow } from './max-flow';
import { FillScratch } from './scratch';

export interface GridLabelling {
  width: number;
  height: number;
  labelCount: number;
  /** 1 where the pixel is labelled; 0 = not part of the problem (pairs with it are ignored). */
  free: Uint8Array;
  /**
   * unary[k * labelCount + l]: cost of label l at the k-th free pixel in raster order (only free
   * pixels have a row); Infinity = forbidden.
   */
  unary: Float32Array;
  /**
   * Cost between 4-neighbours p < q (q = p + 1 or p + width) labelled a and b, a !== b;
   * V(a, a) = 0 is implied. Need not be a metric; must be finite and non-negative.
   */
  pairwise(p: number, q: number, a: number, b: number): number;
}

export interface ExpansionOptions {
  /** Passes over all labels; stops early once a whole pass changes nothing. */
  sweeps: number;
  /** Order in which labels are expanded in each sweep (default 0 … labelCount-1). */
  order?: readonly number[];
  /**
   * A pixel joins a move only when taking alpha raises its unary by at most the cost of its pairs
   * as they are plus this much (default: no limit). A pixel for which alpha is that much dearer
   * can only switch with a whole region, which such a rise rarely pays for; leaving it out makes
   * the move's graph several times smaller.
   */
  maxRise?: number;
}

export interface ExpansionResult {
  labels: Int32Array;
  /** Unary of every free pixel plus pairwise of every pair of free neighbours. */
  energy: number;
}

const RIGHT = 1;
const DOWN = 2;

/** Total energy of a labelling (free pixels and pairs of free neighbours only). */
export function labellingEnergy(problem: GridLabelling, labels: Int32Array): number {
  const { width, height, labelCount, free, unary } = problem;
  const size = width * height;
  let energy = 0;
  for (let i = 0, k = 0; i < size; i++) {
    if (free[i] === 0) continue;
    const l = labels[i]!;
    energy += unary[k++ * labelCount + l]!;
    const right = labels[i + 1]!;
    if (i % width < width - 1 && free[i + 1] === 1 && right !== l)
      energy += problem.pairwise(i, i + 1, l, right);
    const down = labels[i + width]!;
    if (i + width < size && free[i + width] === 1 && down !== l)
      energy += problem.pairwise(i, i + width, l, down);
  }
  return energy;
}

/**
 * Improves a feasible labelling (finite unary at every free pixel) by alpha-expansion moves.
 * Deterministic: the same problem and options always give the same labels, whatever `scratch`
 * (the working memory, see `FillScratch`) last held.
 */
export function expandLabels(
  problem: GridLabelling,
  initial: Int32Array,
  options: ExpansionOptions,
  scratch = new FillScratch(),
): ExpansionResult {
  const expansion = new Expansion(problem, initial, options.maxRise ?? Infinity, scratch);
  const order = options.order ?? Array.from({ length: problem.labelCount }, (_, l) => l);
  /** Labelling version at which expanding a label last changed nothing (-1: never). */
  const stableAt = new Int32Array(problem.labelCount).fill(-1);
  for (let sweep = 0; sweep < options.sweeps; sweep++) {
    const before = expansion.version;
    for (const alpha of order) {
      if (stableAt[alpha] === expansion.version) continue;
      if (!expansion.expand(alpha)) stableAt[alpha] = expansion.version;
    }
    if (expansion.version === before) break;
  }
  return { labels: expansion.labels, energy: expansion.energy };
}

/**
 * Per label, the free pixels where its unary is finite (by their rank among the free pixels), as
 * a flat list and each label's start.
 */
function allowedPixels(
  problem: GridLabelling,
  freeCount: number,
  scratch: FillScratch,
): [Int32Array, Int32Array] {
  const { labelCount, unary } = problem;
  const start = new Int32Array(labelCount + 1);
  for (let k = 0; k < freeCount * labelCount; k += labelCount) {
    for (let l = 0; l < labelCount; l++) {
      if (unary[k + l]! !== Infinity) start[l + 1] = start[l + 1]! + 1;
    }
  }
  for (let l = 0; l < labelCount; l++) start[l + 1] = start[l + 1]! + start[l]!;
  const allowed = scratch.array('expansion.allowed', start[labelCount]!, Int32Array);
  const fill = start.slice(0, labelCount);
  for (let k = 0; k < freeCount; k++) {
    const row = k * labelCount;
    for (let l = 0; l < labelCount; l++) {
      if (unary[row + l]! === Infinity) continue;
      allowed[fill[l]!] = k;
      fill[l] = fill[l]! + 1;
    }
  }
  return [allowed, start];
}

/** The state of one run: labels, cached pair costs, and the graph reused by every move. */
class Expansion {
  readonly labels: Int32Array;
  energy = 0;
  /** Bumped each time a move changes the labelling. */
  version = 0;

  private readonly problem: GridLabelling;
  private readonly width: number;
  /** Free pixels in raster order (a free pixel's rank here is its unary row), and back. */
  private readonly freePixels: Int32Array;
  private readonly rankOf: Int32Array;
  /**
   * The ranks of the free pixels where each label is allowed (finite unary), in raster order:
   * allowed[allowedStart[l] .. allowedStart[l + 1]). A move only ever visits these.
   */
  private readonly allowed: Int32Array;
  private readonly allowedStart: Int32Array;
  /** RIGHT | DOWN: which pairs starting at the pixel are part of the problem. */
  private readonly links: Uint8Array;
  /** Current cost of the pairs (i, i + 1) and (i, i + width). */
  private readonly rightCost: Float64Array;
  private readonly downCost: Float64Array;
  /** Graph node of each pixel in the current move (-1: fixed), and back. */
  private readonly nodeOf: Int32Array;
  private readonly pixelOf: Int32Array;
  /** Cost of each node keeping its label or taking alpha. */
  private readonly keepCost: Float64Array;
  private readonly alphaCost: Float64Array;
  /** 1 for pixels that the current move switches to alpha. */
  private readonly switched: Uint8Array;
  private readonly previous: Int32Array;
  private readonly graph: MaxFlow;
  private readonly maxRise: number;

  constructor(problem: GridLabelling, initial: Int32Array, maxRise: number, scratch: FillScratch) {
    this.maxRise = maxRise;
    const { width, height, free } = problem;
    const size = width * height;
    this.problem = problem;
    this.width = width;
    this.labels = Int32Array.from(initial);
    this.links = scratch.array('expansion.links', size, Uint8Array).fill(0);
    let freeCount = 0;
    for (let i = 0; i < size; i++) {
      if (free[i] === 0) continue;
      freeCount++;
      if (i % width < width - 1 && free[i + 1] === 1) this.links[i] = RIGHT;
      if (i + width < size && free[i + width] === 1) this.links[i] = this.links[i]! | DOWN;
    }
    this.freePixels = scratch.array('expansion.freePixels', freeCount, Int32Array);
    this.rankOf = scratch.array('expansion.rankOf', size, Int32Array);
    for (let i = 0, k = 0; i < size; i++) {
      if (free[i] === 0) continue;
      this.rankOf[i] = k;
      this.freePixels[k++] = i;
    }
    [this.allowed, this.allowedStart] = allowedPixels(problem, freeCount, scratch);
    this.rightCost = scratch.array('expansion.rightCost', size, Float64Array);
    this.downCost = scratch.array('expansion.downCost', size, Float64Array);
    this.nodeOf = scratch.array('expansion.nodeOf', size, Int32Array).fill(-1);
    this.switched = scratch.array('expansion.switched', size, Uint8Array).fill(0);
    this.pixelOf = scratch.array('expansion.pixelOf', freeCount, Int32Array);
    this.keepCost = scratch.array('expansion.keepCost', freeCount, Float64Array);
    this.alphaCost = scratch.array('expansion.alphaCost', freeCount, Float64Array);
    this.previous = scratch.array('expansion.previous', freeCount, Int32Array);
    this.graph = scratch.maxFlow(freeCount);
    this.energy = this.initialEnergy();
  }

  /** One alpha-expansion move. Returns whether the labelling changed. */
  expand(alpha: number): boolean {
    const nodeCount = this.selectNodes(alpha);
    if (nodeCount === 0) return false;
    this.buildGraph(alpha, nodeCount);
    this.graph.solve();
    this.releaseNodes(nodeCount);
    return this.apply(alpha, nodeCount);
  }

  private initialEnergy(): number {
    const { labelCount, unary } = this.problem;
    let energy = 0;
    for (let k = 0; k < this.freePixels.length; k++) {
      const i = this.freePixels[k]!;
      energy += unary[k * labelCount + this.labels[i]!]!;
      if ((this.links[i]! & RIGHT) !== 0) energy += this.refreshPair(i, true);
      if ((this.links[i]! & DOWN) !== 0) energy += this.refreshPair(i, false);
    }
    return energy;
  }

  /** Recomputes and caches the cost of the pair from p to its right or lower neighbour. */
  private refreshPair(p: number, right: boolean): number {
    const q = right ? p + 1 : p + this.width;
    const a = this.labels[p]!;
    const b = this.labels[q]!;
    const cost = a === b ? 0 : this.problem.pairwise(p, q, a, b);
    if (right) this.rightCost[p] = cost;
    else this.downCost[p] = cost;
    return cost;
  }

  /**
   * Gives a node to every free pixel that is not alpha yet, may take it, and would not rise by more
   * than `maxRise` over its pairs' cost; every other pixel's node stays -1 (`releaseNodes`
   * restores that after each move).
   */
  private selectNodes(alpha: number): number {
    const { labels, nodeOf, pixelOf, keepCost, alphaCost, allowed, freePixels, maxRise } = this;
    const { labelCount, unary } = this.problem;
    let count = 0;
    for (let k = this.allowedStart[alpha]!; k < this.allowedStart[alpha + 1]!; k++) {
      const rank = allowed[k]!;
      const i = freePixels[rank]!;
      const label = labels[i]!;
      if (label === alpha) continue;
      const keep = unary[rank * labelCount + label]!;
      const take = unary[rank * labelCount + alpha]!;
      if (take - keep > maxRise && take - keep > this.pairCostAround(i) + maxRise) continue;
      nodeOf[i] = count;
      pixelOf[count] = i;
      keepCost[count] = keep;
      alphaCost[count] = take;
      count++;
    }
    return count;
  }

  /** The cost of the four pairs around p under the current labels. */
  private pairCostAround(p: number): number {
    const { links, rightCost, downCost, width } = this;
    let sum = 0;
    if ((links[p]! & RIGHT) !== 0) sum += rightCost[p]!;
    if ((links[p]! & DOWN) !== 0) sum += downCost[p]!;
    if (p % width > 0 && (links[p - 1]! & RIGHT) !== 0) sum += rightCost[p - 1]!;
    if (p >= width && (links[p - width]! & DOWN) !== 0) sum += downCost[p - width]!;
    return sum;
  }

  private releaseNodes(nodeCount: number): void {
    for (let k = 0; k < nodeCount; k++) this.nodeOf[this.pixelOf[k]!] = -1;
  }

  /** The move's graph: every pair with a node at either end, each once. */
  private buildGraph(alpha: number, nodeCount: number): void {
    const { graph, pixelOf, nodeOf, links, keepCost, alphaCost, rightCost, downCost, width } = this;
    graph.reset(nodeCount);
    for (let k = 0; k < nodeCount; k++) {
      const p = pixelOf[k]!;
      const link = links[p]!;
      if ((link & RIGHT) !== 0) this.addPair(alpha, p, p + 1, rightCost[p]!);
      if ((link & DOWN) !== 0) this.addPair(alpha, p, p + width, downCost[p]!);
      // A pair from a pixel that is not a node is added from this end.
      const left = p - 1;
      if (p % width > 0 && (links[left]! & RIGHT) !== 0 && nodeOf[left]! < 0)
        this.addPair(alpha, left, p, rightCost[left]!);
      const up = p - width;
      if (up >= 0 && (links[up]! & DOWN) !== 0 && nodeOf[up]! < 0)
        this.addPair(alpha, up, p, downCost[up]!);
    }
    for (let k = 0; k < nodeCount; k++) {
      const keep = keepCost[k]!;
      const take = alphaCost[k]!;
      const floor = keep < take ? keep : take;
      graph.addTerminal(k, take - floor, keep - floor);
    }
  }

  /** Adds the pair (p, q), whose cost under the current labels is `current`, to the move. */
  private addPair(alpha: number, p: number, q: number, current: number): void {
    const { nodeOf, labels, keepCost, alphaCost, problem } = this;
    const np = nodeOf[p]!;
    const nq = nodeOf[q]!;
    if (np < 0 && nq < 0) return;
    const lp = labels[p]!;
    const lq = labels[q]!;
    if (np >= 0 && nq >= 0) {
      // E(keep, keep) = current, E(keep, alpha) = b, E(alpha, keep) = c, E(alpha, alpha) = 0.
      let b = problem.pairwise(p, q, lp, alpha);
      let c = problem.pairwise(p, q, alpha, lq);
      const excess = current - b - c;
      if (excess > 0) {
        b += excess / 2;
        c += excess / 2;
      }
      // Share `current` between the two "keep" costs in proportion to b and c; what is left of
      // b and c are the edge capacities. No opposing terminal costs, so no flow pushed in vain.
      const total = b + c;
      if (total === 0) return;
      const keepP = (current * b) / total;
      const keepQ = current - keepP;
      keepCost[np] = keepCost[np]! + keepP;
      keepCost[nq] = keepCost[nq]! + keepQ;
      this.graph.addEdge(np, nq, Math.max(0, b - keepP), Math.max(0, c - keepQ));
    } else if (np >= 0) {
      keepCost[np] = keepCost[np]! + current;
      if (lq !== alpha) alphaCost[np] = alphaCost[np]! + problem.pairwise(p, q, alpha, lq);
    } else {
      keepCost[nq] = keepCost[nq]! + current;
      if (lp !== alpha) alphaCost[nq] = alphaCost[nq]! + problem.pairwise(p, q, lp, alpha);
    }
  }

  /** Moves the sink side to alpha; keeps the move only if the exact energy did not rise. */
  private apply(alpha: number, nodeCount: number): boolean {
    const { graph, pixelOf, labels, previous, switched } = this;
    let count = 0;
    for (let k = 0; k < nodeCount; k++) {
      if (graph.isSource(k)) continue;
      const p = pixelOf[k]!;
      pixelOf[count] = p;
      previous[count++] = labels[p]!;
      switched[p] = 1;
    }
    if (count === 0) return false;
    const before = this.localEnergy(count, false);
    for (let k = 0; k < count; k++) labels[pixelOf[k]!] = alpha;
    const after = this.localEnergy(count, true);
    const accepted = after <= before;
    if (accepted) {
      this.energy += after - before;
      this.version++;
    } else {
      for (let k = 0; k < count; k++) labels[pixelOf[k]!] = previous[k]!;
      this.localEnergy(count, true);
    }
    for (let k = 0; k < count; k++) switched[pixelOf[k]!] = 0;
    return accepted;
  }

  /**
   * Unary and pair costs touching the first `count` pixels of pixelOf, each pair once (a pair
   * with both ends switched is counted from its lower end). With `refresh`, the pair costs are
   * recomputed from the labels and cached; otherwise the cached costs are summed.
   */
  private localEnergy(count: number, refresh: boolean): number {
    const { links, pixelOf, switched, labels, width, rightCost, downCost, rankOf } = this;
    const { labelCount, unary } = this.problem;
    let sum = 0;
    for (let k = 0; k < count; k++) {
      const p = pixelOf[k]!;
      sum += unary[rankOf[p]! * labelCount + labels[p]!]!;
      if ((links[p]! & RIGHT) !== 0) sum += refresh ? this.refreshPair(p, true) : rightCost[p]!;
      if ((links[p]! & DOWN) !== 0) sum += refresh ? this.refreshPair(p, false) : downCost[p]!;
      const left = p - 1;
      if (p % width > 0 && (links[left]! & RIGHT) !== 0 && switched[left] === 0)
        sum += refresh ? this.refreshPair(left, true) : rightCost[left]!;
      const up = p - width;
      if (up >= 0 && (links[up]! & DOWN) !== 0 && switched[up] === 0)
        sum += refresh ? this.refreshPair(up, false) : downCost[up]!;
    }
    return sum;
  }
}
