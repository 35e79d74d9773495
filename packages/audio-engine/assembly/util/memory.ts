// Raw linear-memory buffers shared with the host. The host allocates its I/O buffers once
// (per file, per worklet) and reuses them, so nothing is allocated per render quantum.

export function alloc(bytes: usize): usize {
  const ptr = heap.alloc(bytes);
  memory.fill(ptr, 0, bytes);
  return ptr;
}

export function free(ptr: usize): void {
  heap.free(ptr);
}
