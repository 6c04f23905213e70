type ScratchArray = Int32Array | Float32Array | Float64Array | Uint8Array;

const buffers = new Map<string, ScratchArray>();

/**
 * A typed array of `length` kept between calls under `name` and grown on demand: the fill's
 * working arrays (several MB per labelling, blend or cost table) cost more to allocate fresh,
 * their pages zeroed, faulted in and then collected, than much of the work done in them. The
 * contents are whatever the last user left; the view is valid until the next call for `name`.
 * Each worker thread has its own.
 */
export function scratchArray<T extends ScratchArray>(
  name: string,
  length: number,
  make: new (length: number) => T,
): T {
  let buffer = buffers.get(name) as T | undefined;
  if (buffer === undefined || buffer.length < length) {
    buffer = new make(length);
    buffers.set(name, buffer);
  }
  return buffer.subarray(0, length) as T;
}
