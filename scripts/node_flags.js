/**
 * Flags of the production server process (npm start, the bench's server,
 * the container). V8 sizes its heap from the machine's memory (≈ 4 GB here)
 * and collects lazily, so a busy server's RSS climbs to ~750 MB of garbage
 * although its live heap stays ~150 MB (measured with 5,000 creators); a
 * cap makes it collect sooner. NODE_HEAP_MB (default 512) sets the cap:
 * raise it for very large exports.
 */
export function serverNodeFlags(env = process.env) {
  const heap = Number(env.NODE_HEAP_MB ?? 512)
  return Number.isFinite(heap) && heap > 0 ? [`--max-old-space-size=${Math.round(heap)}`] : []
}
