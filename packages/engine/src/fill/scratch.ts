import { MaxFlow } from './max-flow';

type ScratchArray = Int32Array | Float32Array | Float64Array | Uint8Array;

/**
 * The fill's working memory, kept from one fill to the next by whoever owns it: a pool worker
 * keeps one for all its jobs, a lone call (the CLI, a test) makes its own. The working arrays
 * (several MB per labelling, blend or cost table) cost more to allocate fresh, their pages zeroed,
 * faulted in and then collected, than much of the work done in them. Not shared between threads.
 */
export class FillScratch {
  private readonly arrays = new Map<string, ScratchArray>();
  private readonly kept = new Map<string, { key: string; value: unknown }>();
  private graph = new MaxFlow(0, 0);
  private graphNodes = 0;

  /**
   * A typed array of `length` kept under `name` and grown on demand. The contents are whatever
   * the last user left; the view is valid until the next call for `name`.
   */
  array<T extends ScratchArray>(name: string, length: number, make: new (length: number) => T): T {
    let buffer = this.arrays.get(name) as T | undefined;
    if (buffer === undefined || buffer.length < length) {
      buffer = new make(length);
      this.arrays.set(name, buffer);
    }
    return buffer.subarray(0, length) as T;
  }

  /**
   * The last value kept under `name` when it was made for `key`, else `make()`'s, kept in its
   * place: for tables every growth step of a plan asks for again (read only).
   */
  lastOf<T>(name: string, key: string, make: () => T): T {
    const last = this.kept.get(name);
    if (last?.key === key) return last.value as T;
    const value = make();
    this.kept.set(name, { key, value });
    return value;
  }

  /** A max-flow graph for up to `nodeCount` nodes and two edges a node, grown on demand. */
  maxFlow(nodeCount: number): MaxFlow {
    if (this.graphNodes < nodeCount) {
      this.graph = new MaxFlow(nodeCount, 2 * nodeCount);
      this.graphNodes = nodeCount;
    }
    return this.graph;
  }
}
