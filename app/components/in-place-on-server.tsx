import { Component, type ComponentType, type ReactNode, Suspense, lazy } from "react";

/** If a lazily loaded part cannot load (a network failure), the fallback stands in for it. */
export class LoadFailure extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A part of a page that most visits never show (the filled coupon, a modal opened by a query
 * flag), kept out of the first-load JavaScript:
 * - on the server, `server` is the component itself, imported through a `.server` module, so
 *   it renders in place. A lazy component would suspend on its first render in a process, and a
 *   page read without JavaScript cannot reveal a boundary streamed after the shell;
 * - in the browser the `.server` import is undefined (the build empties such modules, decision
 *   046), and the part is a lazy import. Inside its Suspense boundary, HTML the server rendered
 *   is hydrated once the chunk arrives. Nothing shows while it loads; `unavailable` shows if it
 *   cannot load (a network failure).
 */
export function inPlaceOnServer<P extends object>(
  server: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): { Part: ComponentType<P & { unavailable?: ReactNode }>; preload: () => void } {
  const Lazy = server ?? lazy(() => load().then((component) => ({ default: component })));
  let preloaded = false;
  function Part({ unavailable = null, ...props }: P & { unavailable?: ReactNode }) {
    const Component = Lazy as ComponentType<P>;
    return (
      <LoadFailure fallback={unavailable}>
        <Suspense fallback={null}>
          <Component {...(props as P)} />
        </Suspense>
      </LoadFailure>
    );
  }
  return {
    Part,
    preload() {
      if (server || preloaded) return;
      preloaded = true;
      // A failure here is met again, and shown, where the part is rendered.
      load().catch(() => undefined);
    },
  };
}
