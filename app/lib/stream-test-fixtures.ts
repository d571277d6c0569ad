// A page streamed to a sink, for the tests of React's stream renderer (imported by *.test.tsx only).

import { Writable } from "node:stream";
import type { ReactNode } from "react";
import type { renderToPipeableStream as RenderToPipeableStream } from "react-dom/server";

/**
 * The page `render` streams once everything is ready: its bytes, and each write as the sink got
 * it (not copied, so a test can tell which buffers were written as they are). `render` is React's
 * development renderer or its patched production one (react-server-writes.test.tsx).
 */
export function streamed(render: typeof RenderToPipeableStream, node: ReactNode): Promise<{ bytes: Buffer; chunks: Buffer[] }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve({ bytes: Buffer.concat(chunks), chunks });
        done();
      },
    });
    const stream = render(node, { onAllReady: () => stream.pipe(sink), onShellError: reject });
  });
}
