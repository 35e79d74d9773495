import wasmUrl from '@auscura/audio-engine/engine.wasm?url';

let wasmBytes: Promise<ArrayBuffer> | null = null;

/**
 * The engine's WASM bytes, fetched once per page. The worklets compile the WASM synchronously in
 * their constructors (no fetch on the audio thread), so they are handed the bytes, not a URL.
 */
export function loadEngineWasmBytes(): Promise<ArrayBuffer> {
  wasmBytes ??= fetch(wasmUrl).then((response) => {
    if (!response.ok) {
      wasmBytes = null;
      throw new Error(`Cannot load the audio engine (${response.status})`);
    }
    return response.arrayBuffer();
  });
  return wasmBytes;
}
