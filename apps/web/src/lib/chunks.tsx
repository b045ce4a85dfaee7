/**
 * Code-split screens that render at once when their code is there: a chunk's
 * loader remembers its module, and `load` renders the screen directly from it instead of through
 * React.lazy, which would suspend once (and show the loading fallback or hold a transition) even for
 * a module that is already loaded.
 */
import { createElement, lazy, type ComponentType } from 'react';

/** A code-split module's loader that remembers the module once it is there. */
export interface Chunk<M> {
  (): Promise<M>;
  loaded?: M;
}

export function chunk<M>(importer: () => Promise<M>): Chunk<M> {
  const load: Chunk<M> = () =>
    importer().then((module) => {
      load.loaded = module;
      return module;
    });
  return load;
}

/**
 * A component from a module loaded on first use, taking the props of the module's component. Once
 * the module is there (prefetched on intent or at idle, see prefetch.ts) it renders at once: no lazy
 * boundary suspends and holds the page back for a round of promise resolution. Create it
 * once (module level), not while rendering.
 */
export function lazyComponent<M, P extends object>(
  loader: Chunk<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  let picked: ComponentType<P> | undefined;
  const component = (module: M) => (picked ??= pick(module));
  // React.lazy keeps a failed load for good: after one, the next render tries with a fresh one (the
  // dialog opened again after its code failed to load, see LazyDialog).
  const fresh = () =>
    lazy(async () => {
      try {
        return { default: component(await loader()) };
      } catch (error) {
        Lazy = fresh();
        throw error;
      }
    });
  let Lazy = fresh();
  function Loaded(props: P) {
    return createElement(loader.loaded === undefined ? Lazy : component(loader.loaded), props);
  }
  return Loaded;
}

/** A screen (a component without props) of a code-split module, as an element (see lazyComponent). */
export function load<M>(loader: Chunk<M>, pick: (module: M) => ComponentType) {
  return createElement(lazyComponent(loader, pick));
}
