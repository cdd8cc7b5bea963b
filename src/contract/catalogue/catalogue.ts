import { ARRAY_CLASSES } from './array-classes.js'
import { ENUM_CLASSES } from './enum-classes.js'
import { ID_CLASSES, PATH_ID_CLASSES } from './id-classes.js'
import { OBJECT_CLASSES } from './object-classes.js'
import { PAIR_CLASS } from './pair-class.js'
import { STRING_CLASSES } from './string-classes.js'
import { TYPE_CLASSES } from './type-classes.js'
import type { ValueClass } from './value-class.js'

/**
 * Every class of values the contract suite sends, in the order it sends them: each applies to
 * every field its keyword is on, in every run, whatever the seed (the seed adds random valid
 * bodies on top). docs/CATALOGUE.md is this table, for people; a test holds the two together.
 */
export const CATALOGUE: readonly ValueClass[] = [
  ...OBJECT_CLASSES,
  ...TYPE_CLASSES,
  ...STRING_CLASSES,
  ...ENUM_CLASSES,
  ...ID_CLASSES,
  ...PATH_ID_CLASSES,
  ...ARRAY_CLASSES,
  // Last: it places other classes' values, two at once (catalogue-cases.ts).
  PAIR_CLASS,
]
