import { Component, type ComponentType, type ReactNode, Suspense, lazy, memo } from "react";

/** What browsers throw when a lazily imported chunk cannot be fetched (Chromium, Firefox, Safari). */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed/i;

/**
 * If a lazily loaded part cannot load (a network failure), the fallback stands in for it. Any
 * other error is the part's own bug and goes on to the route's error boundary.
 */
export class LoadFailure extends Component<{ fallback: ReactNode; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof Error && CHUNK_FAILURE.test(error.message)) return this.props.fallback;
    throw error;
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
 *   is hydrated once the chunk arrives. Nothing shows while it loads; `Unavailable` shows if it
 *   cannot load.
 * A part that needs JavaScript passes no server component and is mounted only in the browser.
 * Props are compared (memo) and the chunk is asked for on the first render: a boundary still
 * waiting to hydrate that gets new props would be thrown away and rendered afresh.
 */
export function inPlaceOnServer<P extends object>(
  server: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
  Unavailable: ComponentType<P> = () => null,
): { Part: ComponentType<P>; preload: () => void } {
  const Lazy = (server ?? lazy(() => load().then((component) => ({ default: component })))) as ComponentType<P>;
  let preloaded = false;
  const preload = () => {
    if (server || preloaded) return;
    preloaded = true;
    // A failure here is met again, and shown, where the part is rendered.
    load().catch(() => undefined);
  };
  const Part = memo(function Part(props: P) {
    preload();
    return (
      <LoadFailure fallback={<Unavailable {...props} />}>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </LoadFailure>
    );
  }) as unknown as ComponentType<P>;
  return { Part, preload };
}
