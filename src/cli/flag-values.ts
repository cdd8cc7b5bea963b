import type { Flag, Flags, IntegerRange } from './flag.js'

/** One value of a flag, typed from its declaration: a number, one of its choices, or a string. */
type ValueOf<F extends Flag> = F extends { readonly integer: IntegerRange }
  ? number
  : F extends { readonly choices: readonly (infer C extends string)[] }
    ? C
    : string

/**
 * What the command reads for a flag: a boolean, a list, or a value: its default when absent (as
 * citty's flags do), else `undefined`.
 */
type FlagValue<F extends Flag> = F extends { readonly type: 'boolean' }
  ? boolean
  : F extends { readonly multiple: true }
    ? ValueOf<F>[]
    : F extends { readonly required: true }
      ? ValueOf<F>
      : F extends { readonly default: string | number }
        ? ValueOf<F>
        : ValueOf<F> | undefined

/**
 * The values a command's `run` receives, typed from its flag declarations (citty's way): only the
 * declared names, a boolean `false` and a list `[]` when absent, a required flag never undefined,
 * a flag with a default its default.
 */
export type FlagValues<F extends Flags> = { readonly [K in keyof F]: FlagValue<F[K]> }

/** Any command's values, as the parser builds them before they are typed by the declarations. */
export type AnyFlagValues = Readonly<
  Record<string, string | number | boolean | (string | number)[] | undefined>
>
