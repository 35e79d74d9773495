// vitest globalSetup: the tests run against the built WASM and worklets. Under turbo (`npm test`
// at the root) the package's build runs first, once (turbo.json: @auscura/audio-engine#test
// depends on build); run alone, the tests say what is missing instead of failing one by one.
import { existsSync } from 'node:fs';

export default function setup() {
  for (const file of ['../build/engine.wasm', '../dist/index.js']) {
    if (!existsSync(new URL(file, import.meta.url)))
      throw new Error(
        `packages/audio-engine/${file.slice(3)} is missing: build the engine first (npm run build -w @auscura/audio-engine), or run its tests through turbo (npx turbo run test --filter=@auscura/audio-engine)`,
      );
  }
}
