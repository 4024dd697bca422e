import { Provider, Type } from '@nestjs/common';

/**
 * What a module reads from a module above it, which it cannot import (modules form a tree:
 * docs/architecture.md, "Reading a module above"): an abstract class the lower module
 * declares in its `public/` (`groups/public/users.port.ts`...) and injects like any
 * provider. The module above binds it, in its `for-modules-below.module.ts`, to its own
 * reader or read relations, with `bindPort` or `bindPortValue`.
 */
export type UpwardPort<T> = abstract new (...args: never[]) => T;

/**
 * Binds `port` to the instance of `implementation`, a provider of the module above that the
 * binding module sees: calls go straight to it. The type checks that the implementation
 * has every member the port declares.
 */
export function bindPort<T>(port: UpwardPort<T>, implementation: Type<NoInfer<T>>): Provider {
  return { provide: port, useExisting: implementation };
}

/** Binds `port` to a value: read relations, plain functions of the module above. */
export function bindPortValue<T>(port: UpwardPort<T>, value: NoInfer<T>): Provider {
  return { provide: port, useValue: value };
}
