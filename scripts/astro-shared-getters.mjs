// A build-time patch of Astro's request state (astro/dist/core/fetch/fetch-state.js, and the slot
// marks of core/render/slots.js), kept apart from astro.config.mjs for its size. Astro built several
// objects per request with getters written in the literal (the render options, the action context,
// the response record, the page partial, the provider getters, each slot's mark) and gave each
// component's `Astro` the request's page partial as its prototype: a new closure per getter and a
// new hidden class per request, which V8 keeps in the old generation pointing at the request (see
// docs/performance.md "Renders without the cache, an eighth time"). Here the getters are written
// once, at module level, and find their request through a symbol; `Astro` is an instance of one
// class holding the partial's fields. Reads give what they gave. Fails the build if Astro's code
// changed, so the patch is looked at again rather than silently lost.

/** Each [from, to]: `from` must occur exactly once in fetch-state.js. */
const patches = [
  // FetchState's constructor: the render options' `locals` getter, added after the options given
  // without their own `locals` (an accessor over a field would turn the object into a dictionary)
  [
    `    this.renderOptions = {
      ...options ?? {`,
    `    const { locals: _givenLocals, ...givenOptions } = options ?? {`,
  ],
  [
    `      },
      get locals() {
        return self.locals;
      }
    };`,
    `      };
    this.renderOptions = withSharedGetters(givenOptions, this, renderOptionsGetters);`,
  ],
  // createResult: the response record's `headers` getter and setter
  [
    `,
      get headers() {
        return headers;
      },
      set headers(_) {
        throw new AstroError(AstroErrorData.AstroResponseHeadersReassigned);
      }
    };`,
    `
    };
    withSharedGetters(response, headers, responseGetters);`,
  ],
  // createAstro: an instance of one class instead of an object on the request's own prototype
  [
    `    const Astro = Object.assign(Object.create(astroPagePartial), {
      props,
      self: null
    });`,
    `    const Astro = new AstroGlobal(astroPagePartial, props);`,
  ],
  // createAstroPagePartial: the fields AstroGlobal copies; its getters are AstroGlobal's
  [
    `      get slots() {
        const slotsByAstro = result._metadata.slotsByAstro ??= /* @__PURE__ */ new WeakMap();
        let slots = slotsByAstro.get(this);
        if (slots === void 0) {
          slots = new Slots(
            result,
            this[slotValuesSymbol] ?? null,
            logger
          );
          slotsByAstro.set(this, slots);
        }
        return slots;
      },
      get clientAddress() {
        return state.getClientAddress();
      },
      get currentLocale() {
        return state.computeCurrentLocale();
      },
      params,
      get preferredLocale() {
        return state.computePreferredLocale();
      },
      get preferredLocaleList() {
        return state.computePreferredLocaleList();
      },
      locals,`,
    `      params,
      locals,`,
  ],
  [
    `      get callAction() {
        return callAction;
      },
      url,
      get originPathname() {
        return getOriginPathname(state.request);
      },
      get csp() {
        return state.getCsp();
      },
      get logger() {
        return astroToRuntimeLogger(logger);
      }
    };
    this.defineProviderGetters(partial);
    return partial;`,
    `      callAction,
      url,
      result,
      state
    };
    return partial;`,
  ],
  // getActionAPIContext: the context's getters
  [
    `    const ctx = {
      get cookies() {
        return state.cookies;
      },
      routePattern: this.routeData.route,`,
    `    const ctx = {
      routePattern: this.routeData.route,`,
  ],
  [
    `      isPrerendered: this.routeData.prerender,
      get clientAddress() {
        return state.getClientAddress();
      },
      get currentLocale() {
        return state.computeCurrentLocale();
      },
      generator: ASTRO_GENERATOR,
      get locals() {
        return state.locals;
      },
      set locals(_) {
        throw new AstroError(AstroErrorData.LocalsReassigned);
      },`,
    `      isPrerendered: this.routeData.prerender,
      generator: ASTRO_GENERATOR,`,
  ],
  [
    `      params: this.params,
      get preferredLocale() {
        return state.computePreferredLocale();
      },
      get preferredLocaleList() {
        return state.computePreferredLocaleList();
      },
      request: this.request,
      site: getSite(this.manifest),
      url: this.url,
      get originPathname() {
        return getOriginPathname(state.request);
      },
      get csp() {
        return state.getCsp();
      },
      get logger() {
        return astroToRuntimeLogger(state.logger);
      }
    };
    this.defineProviderGetters(ctx);`,
    `      params: this.params,
      request: this.request,
      site: getSite(this.manifest),
      url: this.url
    };
    withSharedGetters(ctx, state, contextGetters);
    this.defineProviderGetters(ctx);`,
  ],
  // defineProviderGetters: one getter per provider key for every request, not a closure per object
  [
    `  defineProviderGetters(target) {
    const state = this;`,
    `  defineProviderGetters(target) {
    const state = this;
    target[sharedGetterState] ??= state;`,
  ],
  [
    `        Object.defineProperty(target, key, {
          get: () => state.resolve(key),
          enumerable: true,
          configurable: true
        });`,
    `        Object.defineProperty(target, key, {
          get: providerGetter(key),
          enumerable: true,
          configurable: true
        });`,
  ],
  [
    `      let warned = false;
      Object.defineProperty(target, "session", {
        get() {
          if (!warned) {
            warned = true;
            state.logger.warn(
              "session",
              "\`Astro.session\` was accessed but no session storage is configured. Either configure the storage manually or use an adapter that provides session storage. For more information, see https://docs.astro.build/en/guides/sessions/"
            );
          }
          return void 0;
        },
        enumerable: true,
        configurable: true
      });`,
    `      Object.defineProperty(target, "session", sessionWithoutStorage);`,
  ],
];

/** Appended to fetch-state.js: the getters, written once. */
const shared = `
const sharedGetterState = Symbol("astro.sharedGetterState");
function withSharedGetters(target, state, getters) {
  target[sharedGetterState] = state;
  return Object.defineProperties(target, getters);
}
function sharedGetters(getters) {
  for (const descriptor of Object.values(getters)) {
    descriptor.enumerable = true;
    descriptor.configurable = true;
  }
  return getters;
}
const renderOptionsGetters = sharedGetters({
  locals: { get() { return this[sharedGetterState].locals; } }
});
const responseGetters = sharedGetters({
  headers: {
    get() { return this[sharedGetterState]; },
    set(_) { throw new AstroError(AstroErrorData.AstroResponseHeadersReassigned); }
  }
});
const contextGetters = sharedGetters({
  cookies: { get() { return this[sharedGetterState].cookies; } },
  clientAddress: { get() { return this[sharedGetterState].getClientAddress(); } },
  currentLocale: { get() { return this[sharedGetterState].computeCurrentLocale(); } },
  locals: {
    get() { return this[sharedGetterState].locals; },
    set(_) { throw new AstroError(AstroErrorData.LocalsReassigned); }
  },
  preferredLocale: { get() { return this[sharedGetterState].computePreferredLocale(); } },
  preferredLocaleList: { get() { return this[sharedGetterState].computePreferredLocaleList(); } },
  originPathname: { get() { return getOriginPathname(this[sharedGetterState].request); } },
  csp: { get() { return this[sharedGetterState].getCsp(); } },
  logger: { get() { return astroToRuntimeLogger(this[sharedGetterState].logger); } }
});
const providerGetters = new Map();
function providerGetter(key) {
  let getter = providerGetters.get(key);
  if (!getter) {
    getter = function () { return this[sharedGetterState].resolve(key); };
    providerGetters.set(key, getter);
  }
  return getter;
}
const warnedSession = new WeakSet();
const sessionWithoutStorage = {
  get() {
    const state = this[sharedGetterState];
    if (!warnedSession.has(state)) {
      warnedSession.add(state);
      state.logger.warn(
        "session",
        "\`Astro.session\` was accessed but no session storage is configured. Either configure the storage manually or use an adapter that provides session storage. For more information, see https://docs.astro.build/en/guides/sessions/"
      );
    }
    return void 0;
  },
  enumerable: true,
  configurable: true
};
const astroGlobalPartial = Symbol("astro.pagePartial");
class AstroGlobal {
  constructor(partial, props) {
    this.generator = partial.generator;
    this.routePattern = partial.routePattern;
    this.isPrerendered = partial.isPrerendered;
    this.cookies = partial.cookies;
    this.params = partial.params;
    this.locals = partial.locals;
    this.redirect = partial.redirect;
    this.rewrite = partial.rewrite;
    this.request = partial.request;
    this.response = partial.response;
    this.site = partial.site;
    this.getActionResult = partial.getActionResult;
    this.callAction = partial.callAction;
    this.url = partial.url;
    this.props = props;
    this.self = null;
    this[astroGlobalPartial] = partial;
    this[sharedGetterState] = partial.state;
    partial.state.defineProviderGetters(this);
  }
  get slots() {
    const { result, state } = this[astroGlobalPartial];
    const slotsByAstro = result._metadata.slotsByAstro ??= new WeakMap();
    let slots = slotsByAstro.get(this);
    if (slots === void 0) {
      slots = new Slots(result, this[slotValuesSymbol] ?? null, state.logger);
      slotsByAstro.set(this, slots);
    }
    return slots;
  }
  get clientAddress() { return this[sharedGetterState].getClientAddress(); }
  get currentLocale() { return this[sharedGetterState].computeCurrentLocale(); }
  get preferredLocale() { return this[sharedGetterState].computePreferredLocale(); }
  get preferredLocaleList() { return this[sharedGetterState].computePreferredLocaleList(); }
  get originPathname() { return getOriginPathname(this[sharedGetterState].request); }
  get csp() { return this[sharedGetterState].getCsp(); }
  get logger() { return astroToRuntimeLogger(this[sharedGetterState].logger); }
}
`;

/**
 * `code` with `from`, which must occur exactly once, replaced by `to`; else the build fails, naming
 * Astro's `file`, so the patch is looked at again rather than silently lost.
 * @param {string} code @param {string} from @param {string} to @param {string} file
 */
function replacedOnce(code, from, to, file) {
  if (code.split(from).length !== 2)
    throw new Error(
      `shared-getters: Astro changed ${file} near ${JSON.stringify(from.slice(0, 60))}`,
    );
  return code.replace(from, () => to);
}

/** @param {string} code the module's source */
export function patchFetchState(code) {
  let patched = code;
  for (const [from, to] of patches) patched = replacedOnce(patched, from, to, 'fetch-state.js');
  return patched + shared;
}

// core/render/slots.js: `Astro.slots` marks each slot it has with a getter, one closure per slot per
// component; one function serves them all.
const slotGetter = `        Object.defineProperty(this, key, {
          get() {
            return true;
          },
          enumerable: true
        });`;

/** @param {string} code the module's source */
export function patchSlots(code) {
  return (
    replacedOnce(
      code,
      slotGetter,
      `        Object.defineProperty(this, key, { get: slotPresent, enumerable: true });`,
      'core/render/slots.js',
    ) + '\nfunction slotPresent() {\n  return true;\n}\n'
  );
}

// runtime/server/render/astro/instance.js: a component given slots evaluates each at once and keeps
// a function that answers that value first and renders the slot again after. Made inside the
// constructor's loop, that closure sat in a context chain with the render's `result`, and V8 then
// kept every render's objects through each young-generation collection: a page with one slotted
// component promoted all it kept (7 kB a request), `/about` 26 kB, where made by a module-level
// function it promotes nothing (docs/performance.md "Renders without the cache, a ninth time").
const slotClosure = `      let didRender = false;
      let value = slots[name](result);
      if (result._metadata.routeHasPropagation && isPromise(value)) {
        result._metadata.pendingSlotEvaluations.push(value);
      }
      this.slotValues[name] = () => {
        if (!didRender) {
          didRender = true;
          return value;
        }
        return slots[name](result);
      };`;

/** @param {string} code the module's source */
export function patchComponentInstance(code) {
  return (
    replacedOnce(
      code,
      slotClosure,
      `      const slot = slots[name];
      const value = slot(result);
      if (result._metadata.routeHasPropagation && isPromise(value)) {
        result._metadata.pendingSlotEvaluations.push(value);
      }
      this.slotValues[name] = slotOnceThenAgain(value, slot, result);`,
      'runtime/server/render/astro/instance.js',
    ) +
    `
function slotOnceThenAgain(value, slot, result) {
  let didRender = false;
  return () => {
    if (!didRender) {
      didRender = true;
      return value;
    }
    return slot(result);
  };
}
`
  );
}

/** The vite plugin (astro.config.mjs). */
export function sharedGetters() {
  return {
    name: 'shared-getters',
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (id.includes('/astro/dist/core/fetch/fetch-state.js')) return patchFetchState(code);
      if (id.includes('/astro/dist/core/render/slots.js')) return patchSlots(code);
      if (id.includes('/astro/dist/runtime/server/render/astro/instance.js'))
        return patchComponentInstance(code);
      return null;
    },
  };
}
