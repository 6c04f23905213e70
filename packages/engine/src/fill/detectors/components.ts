/**
 * The connected regions (4-neighbours) of working pixels that show one copy: per pixel its
 * region's index, -1 on the original; and each region's size.
 */
export function copyRegions(
  label: Int32Array,
  width: number,
  height: number,
): { region: Int32Array; sizes: number[] } {
  const region = new Int32Array(label.length).fill(-1);
  const sizes: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < label.length; start++) {
    if (label[start]! < 0 || region[start]! >= 0) continue;
    const id = sizes.length;
    let size = 0;
    region[start] = id;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      size++;
      const x = p % width;
      const y = (p - x) / width;
      for (let k = 0; k < 4; k++) {
        const qx = k === 0 ? x - 1 : k === 1 ? x + 1 : x;
        const qy = k === 2 ? y - 1 : k === 3 ? y + 1 : y;
        if (qx < 0 || qy < 0 || qx >= width || qy >= height) continue;
        const q = qy * width + qx;
        if (region[q]! >= 0 || label[q] !== label[p]) continue;
        region[q] = id;
        stack.push(q);
      }
    }
    sizes.push(size);
  }
  return { region, sizes };
}
